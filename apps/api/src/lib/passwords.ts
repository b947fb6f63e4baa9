import { availableParallelism } from 'node:os';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { createTaskLimiter } from './concurrency';
import { AppError } from './errors';

// Algorithm is an ambient const enum (not importable as a value under verbatimModuleSyntax).
const ARGON2ID: Algorithm.Argon2id = 2;

/** OWASP's argon2id parameters (19 MiB, 2 iterations, 1 lane). */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Password hashing runs on libuv's thread pool (off the event loop), and at most half the cores
 * hash at once, so a burst of sign-ins (each ~20 ms of CPU, deliberately) queues instead of
 * taking every core from the other requests. A queue longer than a few seconds of work is
 * refused with a 503 at once rather than growing.
 */
const HASHING_LANES = Math.max(1, Math.floor(availableParallelism() / 2));
const hashing = createTaskLimiter({
  concurrency: HASHING_LANES,
  maxWaiting: 200 * HASHING_LANES,
  whenFull: () => new AppError(503, 'busy', 'The server is busy. Please try again in a moment.'),
});

/** Hashes a password with argon2id; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hashing(() => hash(password, ARGON2_OPTIONS));
}

/** Checks a password against a stored hash; false (never a throw) for a malformed hash. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  // A full queue refuses (503); only a malformed hash counts as a mismatch.
  return hashing(async () => {
    try {
      return await verify(storedHash, password);
    } catch {
      return false;
    }
  });
}
