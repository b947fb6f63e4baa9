import type { FastifyInstance } from 'fastify';
import { runExportJobs } from './data-export.jobs';

export type ExportWorker = { start(): void; stop(): Promise<void>; kick(): void };

/**
 * Runs runExportJobs every `intervalMs` and right after `kick()`. Runs never overlap; a failed
 * run is logged and the next one retries (state lives in the database).
 */
export function createExportWorker(app: FastifyInstance, intervalMs: number): ExportWorker {
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
    running = runExportJobs(app.ctx)
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

/** The worker of an app (config.exportWorkerMs; 0: off), started when the server is ready and stopped on close. */
export function registerExportWorker(app: FastifyInstance): ExportWorker {
  const worker = createExportWorker(app, app.config.exportWorkerMs);
  if (app.config.exportWorkerMs === 0) return worker;
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
