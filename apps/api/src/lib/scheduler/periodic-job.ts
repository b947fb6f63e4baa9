import type { Clock, TimerHandle } from './clock';

/** The part of a logger a job uses (app.log fits). */
export type JobLogger = { warn(details: object, message: string): void };

export type PeriodicJobOptions = {
  /** Names the job in logs ("Event reminders failed; will retry"). */
  name: string;
  intervalMs: number;
  /** One run; `now` is the clock's time when the run starts. */
  run: (now: Date) => Promise<unknown>;
  clock: Clock;
  log: JobLogger;
};

export type PeriodicJob = {
  readonly name: string;
  /** Runs right away, then `intervalMs` after each run ends. Starting a started job does nothing. */
  start(): void;
  /** No further runs; resolves once a run in progress has ended. */
  stop(): Promise<void>;
  /** Runs as soon as possible: now, or right after the run in progress. Ignored while stopped. */
  trigger(): void;
};

/**
 * A named periodic job. Runs never overlap (the next one is timed from the end of the last); a
 * failed run is logged and the next tick retries, so a job keeps its state in the database and
 * each run does whatever is due then. Which instance does a due item is decided by the job's own
 * claim in the database (docs/decisions/017-scheduled-jobs.md), not here.
 */
export function createPeriodicJob({ name, intervalMs, run, clock, log }: PeriodicJobOptions): PeriodicJob {
  let stopped = true;
  let timer: TimerHandle | null = null;
  let running: Promise<void> | null = null;
  let runAgain = false;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer !== null) clock.clearTimeout(timer);
    timer = clock.setTimeout(tick, delayMs);
  };

  function tick(): Promise<void> {
    timer = null;
    if (running) {
      runAgain = true;
      return running;
    }
    runAgain = false;
    running = runSafely().finally(() => {
      running = null;
      const again = runAgain;
      runAgain = false;
      schedule(again ? 0 : intervalMs);
    });
    return running;
  }

  async function runSafely(): Promise<void> {
    try {
      await run(clock.now());
    } catch (error) {
      log.warn({ err: error, job: name }, `${name} failed; will retry`);
    }
  }

  return {
    name,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      await running;
    },
    trigger() {
      if (stopped) return;
      if (running) runAgain = true;
      else schedule(0);
    },
  };
}
