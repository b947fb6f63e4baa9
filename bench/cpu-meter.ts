import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of the server side (the API process and its workers, plus the PostgreSQL backends of the bench
 * database), read from /proc. On a machine shared with other work, req/s and latency mostly
 * measure the contention; CPU milliseconds per request measure the code. Linux only: on other
 * systems every reading is null.
 */
export type CpuMeter = { read(): CpuReading | null };

/** Cumulative CPU milliseconds per process, split into the API process and database backends. */
export type CpuReading = { api: number; database: Map<number, number> };

/** CPU milliseconds spent between two readings. */
export type CpuSpent = { api: number; database: number };

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces), or null when gone. */
function statFields(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function cpuMillisOf(pid: number): number | null {
  const fields = statFields(pid);
  if (!fields) return null;
  const userTicks = Number(fields[11]);
  const systemTicks = Number(fields[12]);
  return ((userTicks + systemTicks) * 1000) / TICKS_PER_SECOND;
}

/** Every live descendant of `root` (the workers of a server started with WEB_CONCURRENCY > 1). */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(entry)?.[1]);
    if (!Number.isFinite(parent)) continue;
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** PostgreSQL backends serving `database` (their process title names it). */
function postgresBackends(database: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

export function createCpuMeter(serverPid: number, postgresDatabase: string | null): CpuMeter {
  return {
    read() {
      if (process.platform !== 'linux') return null;
      let api = cpuMillisOf(serverPid);
      if (api === null) return null;
      // Workers (node:cluster) are the server's children; one that exited meanwhile is lost.
      for (const pid of descendantsOf(serverPid)) api += cpuMillisOf(pid) ?? 0;
      const database = new Map<number, number>();
      for (const pid of postgresDatabase ? postgresBackends(postgresDatabase) : []) {
        const millis = cpuMillisOf(pid);
        if (millis !== null) database.set(pid, millis);
      }
      return { api, database };
    },
  };
}

/**
 * CPU milliseconds used between two readings: per process, the difference (a process new
 * since `before` counts whole; one that ended meanwhile is lost, which the pool's 30 s idle
 * timeout makes rare during a run).
 */
export function cpuMillisBetween(before: CpuReading | null, after: CpuReading | null): CpuSpent | null {
  if (!before || !after) return null;
  let database = 0;
  for (const [pid, millis] of after.database) database += millis - (before.database.get(pid) ?? 0);
  return { api: after.api - before.api, database };
}

/** Spent CPU divided over `count` requests or messages. */
export function perItem(spent: CpuSpent | null, count: number): CpuSpent | null {
  if (!spent) return null;
  const divisor = Math.max(1, count);
  return { api: spent.api / divisor, database: spent.database / divisor };
}
