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
 * Which run of a process a pid names, where the system tells (Linux): the boot and the process's
 * start time in clock ticks since boot. Null elsewhere, or when the process is gone.
 */
export function processIdentity(pid: number): string | null {
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it start at the last ')'.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return bootId && startTicks ? `${bootId}:${startTicks}` : null;
  } catch {
    return null;
  }
}

/**
 * True when the process named by the lock runs and holds it. Our own pid counts only for a lock
 * this process took: after a crash, a restarted container often gives the new server the dead
 * one's pid (e.g. 1). Another live process with the pid holds it only if it is the same run of
 * that process (its identity matches the lock's), not a later process given a recycled pid.
 */
function isHolderAlive({ pid, identity }: LockHolder, file: string): boolean {
  if (pid === process.pid) return heldHere.has(file);
  if (!isProcessAlive(pid)) return false;
  const current = processIdentity(pid);
  return identity === null || current === null || current === identity;
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

/** The lock's content: the holder's pid, then (where known) its identity, one per line. */
type LockHolder = { pid: number; identity: string | null };

function readLockHolder(file: string): LockHolder | null {
  try {
    const [pidLine = '', identityLine = ''] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidLine.trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, identity: identityLine.trim() || null } : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR/alumlink.lock (our pid and identity inside), because nothing else stops two
 * processes from opening one PGlite directory and corrupting it. A lock left by a dead process is
 * taken over, as is one whose pid now belongs to another process; a lock held by a live process
 * (this one included, when it took it) is refused.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'alumlink.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n${processIdentity(process.pid) ?? ''}\n`);
      closeSync(fd);
      heldHere.add(file);
      return { file, release: () => releaseLock(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLockHolder(file);
      if (holder !== null && isHolderAlive(holder, file)) {
        throw new DataDirLockedError(`Another AlumLink server is using ${dataDir} (pid ${holder.pid})`);
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
  if (readLockHolder(file)?.pid !== process.pid) return;
  try {
    unlinkSync(file);
  } catch {
    // Already gone: nothing to release.
  }
}
