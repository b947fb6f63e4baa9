import type { AppConfig } from '../../config';
import type { Clock } from './clock';
import { createPeriodicJob, type PeriodicJob } from './periodic-job';
import { recordJobRun } from './job-runs';
import type { JobDeps } from './job-deps';

/**
 * One background job as declared in plugins/schedulers.ts. Every instance runs every job (when
 * background jobs are on); which instance handles a due item is decided by the job's own claim in
 * the database (docs/decisions/017-scheduled-jobs.md), so a run on each instance is harmless.
 */
export type JobDeclaration = {
  /** Stable kebab-case name: the key of its job_runs row and the `job` label of its metrics. */
  name: string;
  /** Milliseconds from the end of one run to the start of the next. */
  every: number | ((config: AppConfig) => number);
  /** Whether this configuration has anything for the job to do (the one off-switch is config.backgroundJobs). */
  enabled: (config: AppConfig) => boolean;
  /** One run; `now` is the clock's time when it starts. A thrown error is a failed run (retried next tick). */
  run: (deps: JobDeps, now: Date) => Promise<unknown>;
};

/** Told after every run (the metrics count failures and keep the last success per process). */
export type JobRunListener = (name: string, outcome: 'success' | 'failure', endedAt: Date) => void;

export type JobRunnerOptions = {
  jobs: readonly JobDeclaration[];
  /**
   * Exactly these jobs run, whatever config.backgroundJobs says (tests pick the jobs they exercise);
   * by default every enabled job when background jobs are on.
   */
  only?: readonly string[];
  clock: Clock;
  onRun?: JobRunListener;
};

export type JobRunner = {
  /** The names of every declared job, running or not (the System page lists them all). */
  readonly names: readonly string[];
  /** The names of the jobs this instance runs. */
  readonly running: () => readonly string[];
  /** Builds and starts the jobs that run here. */
  start(deps: JobDeps): void;
  /** Runs `name` as soon as possible (after a new outbox message or export request); ignored when it does not run here. */
  trigger(name: string): void;
  /** Stops every job, waiting for the runs in progress. */
  stop(): Promise<void>;
};

/** Which declared jobs run under `config` (or exactly `only`). */
export function jobsToRun(jobs: readonly JobDeclaration[], config: AppConfig, only?: readonly string[]): JobDeclaration[] {
  if (only) return jobs.filter((job) => only.includes(job.name));
  return config.backgroundJobs ? jobs.filter((job) => job.enabled(config)) : [];
}

/**
 * Runs the declared jobs of one app: each a periodic job whose every run is recorded in job_runs
 * (and a failed one in job_failures). Recording never fails a run: when the database cannot take
 * the record, the job's own outcome is what the logs say.
 */
export function createJobRunner({ jobs, only, clock, onRun }: JobRunnerOptions): JobRunner {
  const started = new Map<string, PeriodicJob>();

  const recorded = (deps: JobDeps, job: JobDeclaration) => async (now: Date) => {
    let failure: { error: unknown } | null = null;
    try {
      await job.run(deps, now);
    } catch (error) {
      failure = { error };
    }
    const endedAt = clock.now();
    onRun?.(job.name, failure ? 'failure' : 'success', endedAt);
    try {
      await recordJobRun(deps.db, job.name, now, endedAt, failure ? { ok: false, error: failure.error } : { ok: true });
    } catch (error) {
      deps.log.warn({ err: error, job: job.name }, 'Recording a job run failed');
    }
    if (failure) throw failure.error;
  };

  return {
    names: jobs.map((job) => job.name),
    running: () => [...started.keys()],
    start(deps) {
      for (const job of jobsToRun(jobs, deps.config, only)) {
        if (started.has(job.name)) continue;
        const intervalMs = typeof job.every === 'number' ? job.every : job.every(deps.config);
        const periodic = createPeriodicJob({ name: job.name, intervalMs, run: recorded(deps, job), clock, log: deps.log });
        started.set(job.name, periodic);
        periodic.start();
      }
    },
    trigger(name) {
      started.get(name)?.trigger();
    },
    async stop() {
      await Promise.all([...started.values()].map((job) => job.stop()));
    },
  };
}
