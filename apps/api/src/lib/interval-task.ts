import type { FastifyInstance } from 'fastify';

export type IntervalTask = { start(): void; stop(): Promise<void> };

/**
 * Runs `run` every `intervalMs` (the first run right after start). Runs never overlap; a failed
 * run is logged and the next one retries (the task keeps its state in the database).
 */
export function createIntervalTask(app: FastifyInstance, name: string, intervalMs: number, run: () => Promise<unknown>): IntervalTask {
  let stopped = true;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(runOnce, delayMs);
    timer.unref();
  };

  function runOnce(): void {
    timer = null;
    running = run()
      .then(
        () => undefined,
        (error: unknown) => app.log.warn({ err: error }, `${name} failed; will retry`),
      )
      .finally(() => {
        running = null;
        schedule(intervalMs);
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
  };
}

/** Starts the task when the server is ready (not under NODE_ENV=test) and stops it on close. */
export function registerIntervalTask(app: FastifyInstance, task: IntervalTask): void {
  if (app.config.nodeEnv === 'test') return;
  app.addHook('onReady', async () => task.start());
  app.addHook('onClose', async () => task.stop());
}
