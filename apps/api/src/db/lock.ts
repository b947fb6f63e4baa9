import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type DataDirLock = { file: string; release(): void };

/** Lock files this process holds right now. */
const heldHere = new Set<string>();

/**
 * True when `pid` runs and holds the lock. Our own pid counts only for a lock this process took:
 * after a crash, a restarted container often gives the new server the dead one's pid (e.g. 1).
 */
function isHolderAlive(pid: number, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file);
  return isProcessAlive(pid);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR/alumlink.lock (our pid inside), because nothing else stops two processes from
 * opening one PGlite directory and corrupting it. A lock left by a dead process is taken over;
 * a lock held by a live process (this one included, when it took it) is refused.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'alumlink.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldHere.add(file);
      return { file, release: () => releaseLock(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockPid(file);
      if (holder !== null && isHolderAlive(holder, file)) {
        throw new DataDirLockedError(`Another AlumLink server is using ${dataDir} (pid ${holder})`);
      }
      // Stale (or unreadable) lock: remove it and try again.
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${file}`);
}

function releaseLock(file: string): void {
  if (!heldHere.delete(file)) return;
  // Only remove the lock if it is still ours (a stale-lock takeover may have replaced it).
  if (readLockPid(file) !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}
