// Shared by backup.ts and restore.ts: where DATA_DIR is, its lock, and the archive layout.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../../apps/api/src/db/lock.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** What a backup holds: the embedded database, uploaded media and the token signing key. */
export const ARCHIVED_ENTRIES = ['pgdata', 'media', 'jwt-secret'] as const;

/** DATA_DIR as the server resolves it: relative to where npm was launched, ./data by default. */
export function dataDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATA_DIR ? resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : resolve(REPO_ROOT, 'data');
}

/** A refusal the operator must act on: printed as one line, exit code 1, locks released. */
export class Refusal extends Error {}

export function fail(message: string): never {
  throw new Refusal(message);
}

/** Runs a script's body; a Refusal becomes a one-line message and exit code 1. */
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

/**
 * Takes the server's own lock on DATA_DIR for the duration of `work`, so a backup never copies
 * a database a server is writing, and no server starts during a restore.
 */
export async function withDataDirLock<T>(dataDir: string, work: (lock: DataDirLock) => Promise<T> | T): Promise<T> {
  let lock: DataDirLock;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(`${error.message}: stop the server first.`);
    throw error;
  }
  try {
    return await work(lock);
  } finally {
    lock.release();
  }
}

/** Runs tar (GNU or BSD) and returns its standard output. */
export function tar(args: string[]): string {
  return execFileSync('tar', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
}
