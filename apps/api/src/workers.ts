import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config';
import { serveClusterMetrics } from './lib/metrics/cluster';

/** How long the primary waits for its workers' own graceful shutdown before killing them. */
const WORKER_STOP_TIMEOUT_MS = 15_000;
/** A worker that dies after serving is replaced after this delay (doubling while it keeps dying). */
const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 5_000;
/** More deaths than this within a minute means something is wrong with every worker: stop. */
const MAX_DEATHS_PER_MINUTE = 10;

/**
 * The primary process of a server with WEB_CONCURRENCY > 1: forks that many workers (each one a
 * whole server; node:cluster hands them the listening socket in turn), replaces a worker that
 * dies, and on SIGTERM/SIGINT passes the signal on and exits once every worker has finished its
 * own graceful shutdown. A worker that exits before it ever listened stops everything: a start-up
 * failure (database unreachable, port taken) is not cured by starting again.
 */
export function superviseWorkers(config: AppConfig, onAllListening: () => void): void {
  const workers = new Set<Worker>();
  const deaths: number[] = [];
  let listening = 0;
  let stopping = false;
  let exitCode = 0;

  const stop = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of workers) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, WORKER_STOP_TIMEOUT_MS).unref();
    if (workers.size === 0) process.exit(exitCode);
  };

  const fork = () => {
    const worker = cluster.fork();
    let listened = false;
    workers.add(worker);
    worker.once('listening', () => {
      listened = true;
      listening += 1;
      if (listening === config.webConcurrency) onAllListening();
    });
    worker.once('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) {
        if (workers.size === 0) process.exit(exitCode);
        return;
      }
      if (!listened) {
        console.error(`A worker exited during start-up (${signal ?? `code ${code}`}); stopping.`);
        stop('SIGTERM', 1);
        return;
      }
      const now = Date.now();
      deaths.push(now);
      while ((deaths[0] ?? now) < now - 60_000) deaths.shift();
      if (deaths.length > MAX_DEATHS_PER_MINUTE) {
        console.error(`Workers died ${deaths.length} times within a minute; stopping.`);
        stop('SIGTERM', 1);
        return;
      }
      const delay = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (deaths.length - 1));
      console.error(`Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another in ${delay} ms.`);
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
  };

  // `on`, not `once`: Ctrl+C signals the whole process group, and a second signal must not fall
  // through to the default handler, which would kill the process without shutting down.
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  // GET /metrics on any worker answers for all of them (lib/metrics/cluster.ts).
  serveClusterMetrics();
  for (let i = 0; i < config.webConcurrency; i++) fork();
}
