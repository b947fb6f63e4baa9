import type { FastifyInstance } from 'fastify';
import { runExportJobs } from './data-export.jobs';

/** How often a server looks for pending and expired exports (a new request also wakes it). */
export const EXPORT_WORKER_INTERVAL_MS = 30_000;

export type ExportWorker = { start(): void; stop(): Promise<void>; kick(): void };

/**
 * Runs runExportJobs every `intervalMs` and right after `kick()`. Runs never overlap; a failed
 * run is logged and the next one retries (state lives in the database).
 */
export function createExportWorker(app: FastifyInstance, intervalMs = EXPORT_WORKER_INTERVAL_MS): ExportWorker {
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(runOnce, delayMs);
    timer.unref();
  };

  function runOnce(): void {
    timer = null;
    again = false;
    running = runExportJobs(app)
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, 'Data export worker failed; will retry'),
      )
      .finally(() => {
        running = null;
        schedule(again ? 0 : intervalMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    kick() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
  };
}

/** The worker of an app: started when the server is ready (not under NODE_ENV=test), stopped on close. */
export function registerExportWorker(app: FastifyInstance): ExportWorker {
  const worker = createExportWorker(app);
  if (app.config.nodeEnv === 'test') return worker;
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
