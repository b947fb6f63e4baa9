import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax).
const ARGON2ID: Algorithm.Argon2id = 2;

/** OWASP's argon2id parameters (19 MiB, 2 iterations, 1 lane). */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Checks a password against a stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
