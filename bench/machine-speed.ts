import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/**
 * How fast the machine is right now, in three readings. The shared machines here move between
 * phases far apart, and every server figure moves with them: the same closed-loop feed costs
 * 0.38 + 0.19 ms of CPU per request in a fast phase and twice that in a slow one. The report
 * prints them before and after the run, so a reader knows which phase the figures were
 * taken in:
 * - compute: milliseconds of a fixed loop of additions on one core (registers only);
 * - wakeups: microseconds of a one-byte round trip between two processes over pipes, which is
 *   what a request is made of (system calls, and waking the process at the other end);
 * - memory: nanoseconds of one read in a chain of dependent random reads over 4 MiB, which an
 *   idle machine's L3 cache holds and a busy neighbour's work evicts.
 */
export const SPEED_PROBE_STEPS = 200_000_000;
export const ROUND_TRIPS = 20_000;
export const CHASE_BYTES = 4 * 1024 * 1024;
export const CHASE_READS = 10_000_000;

/** Milliseconds of `steps` additions on this thread (the sum is used, so the loop cannot be dropped). */
export function speedProbeMillis(steps: number = SPEED_PROBE_STEPS): number {
  const start = performance.now();
  let sum = 0;
  for (let step = 0; step < steps; step += 1) sum += step;
  const elapsed = performance.now() - start;
  if (!Number.isFinite(sum) || sum < 0) throw new Error('speed probe: the loop did not run');
  return elapsed;
}

/** A random cyclic permutation: following `next[slot]` from any slot visits every slot once, then returns. */
export function randomCycle(slots: number): Int32Array {
  const order = Int32Array.from({ length: slots }, (_, slot) => slot);
  for (let slot = slots - 1; slot > 0; slot -= 1) {
    const other = Math.floor(Math.random() * (slot + 1));
    [order[slot], order[other]] = [order[other] ?? 0, order[slot] ?? 0];
  }
  const next = new Int32Array(slots);
  for (let index = 0; index < slots; index += 1) next[order[index] ?? 0] = order[(index + 1) % slots] ?? 0;
  return next;
}

/**
 * Mean nanoseconds of a read in a chain of `reads` dependent reads over `bytes` (a random cycle
 * through every 4-byte slot, so neither the prefetcher nor the order of the slots helps).
 */
export function chasedReadNanos(bytes: number = CHASE_BYTES, reads: number = CHASE_READS): number {
  const next = randomCycle(Math.floor(bytes / 4));
  let at = 0;
  const start = process.hrtime.bigint();
  for (let read = 0; read < reads; read += 1) at = next[at] ?? 0;
  const nanos = Number(process.hrtime.bigint() - start) / reads;
  // The chain's end is used, so the loop cannot be dropped (every slot holds a slot's index).
  if (at < 0) throw new Error('chased reads: the loop did not run');
  return nanos;
}

/** The echo process: every byte read from stdin is written back to stdout. */
const ECHO = "process.stdin.on('data', (chunk) => process.stdout.write(chunk))";

/**
 * Mean microseconds of a one-byte round trip to a child process and back (after 1,000 untimed
 * ones). Each trip wakes the child and then this process again, as a request wakes the server
 * and its database.
 */
export function roundTripMicros(trips: number = ROUND_TRIPS): Promise<number> {
  const warmup = 1_000;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ECHO], { stdio: ['pipe', 'pipe', 'ignore'] });
    let answered = 0;
    let startedAt = 0n;
    child.once('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      answered += chunk.length;
      if (answered === warmup) startedAt = process.hrtime.bigint();
      if (answered === warmup + trips) {
        const micros = Number(process.hrtime.bigint() - startedAt) / 1_000 / trips;
        child.kill();
        resolve(micros);
        return;
      }
      child.stdin.write('x');
    });
    child.stdin.write('x');
  });
}

export type MachineSpeed = { computeMs: number; roundTripUs: number; readNs: number };

export async function measureMachineSpeed(): Promise<MachineSpeed> {
  return { computeMs: speedProbeMillis(), roundTripUs: await roundTripMicros(), readNs: chasedReadNanos() };
}

/** The report's line for the readings taken before and after the run. */
export function formatMachineSpeed(before: MachineSpeed, after: MachineSpeed): string {
  const steps = `${(SPEED_PROBE_STEPS / 1e8).toLocaleString('en-US')}·10⁸`;
  return (
    `- machine speed, before → after: ${steps} additions on one core ${before.computeMs.toFixed(0)} → ${after.computeMs.toFixed(0)} ms; ` +
    `a round trip between two processes ${before.roundTripUs.toFixed(1)} → ${after.roundTripUs.toFixed(1)} µs; ` +
    `a dependent random read over 4 MiB ${before.readNs.toFixed(0)} → ${after.readNs.toFixed(0)} ns (lower is faster)`
  );
}
