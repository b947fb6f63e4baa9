import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobFailures } from '../../db/schema/index';
import { createTestApp, createTestClock, type TestApp } from '../../test/index';
import { createJobRunner, type JobDeclaration, type JobRunListener } from './job-list';
import { readJobRuns } from './job-runs';
import { jobDepsOf } from './job-deps';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A job named `name` whose runs fail while `failing.value` is true. */
function flakyJob(name: string, failing: { value: boolean }): JobDeclaration {
  return {
    name,
    every: MINUTE,
    enabled: () => true,
    run: async () => {
      if (failing.value) throw new Error(`${name} could not reach the database`);
    },
  };
}

describe('the job runner', () => {
  it('records every run: last run, last success, the last error and the failures of the last 24 hours', async () => {
    const clock = createTestClock(new Date(Date.UTC(2040, 0, 1, 12)));
    const failing = { value: false };
    const outcomes: Parameters<JobRunListener>[] = [];
    const runner = createJobRunner({
      jobs: [flakyJob('flaky', failing)],
      only: ['flaky'],
      clock,
      onRun: (...args) => outcomes.push(args),
    });
    const deps = jobDepsOf(t.app, clock);
    const warn = vi.spyOn(deps.log, 'warn');
    const start = clock.now();
    runner.start(deps);
    await clock.advance(0);
    expect(await readJobRuns(t.db, ['flaky', 'never-ran'], clock.now())).toEqual([
      { name: 'flaky', lastRunAt: start, lastSuccessAt: start, lastError: null, failures24h: 0 },
      { name: 'never-ran', lastRunAt: null, lastSuccessAt: null, lastError: null, failures24h: 0 },
    ]);

    failing.value = true;
    await clock.advance(MINUTE);
    await clock.advance(MINUTE);
    const [afterFailures] = await readJobRuns(t.db, ['flaky'], clock.now());
    expect(afterFailures).toEqual({
      name: 'flaky',
      lastRunAt: new Date(start.getTime() + 2 * MINUTE),
      lastSuccessAt: start,
      lastError: 'flaky could not reach the database',
      failures24h: 2,
    });
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), 'flaky failed; will retry');
    expect(outcomes.map(([name, outcome]) => `${name} ${outcome}`)).toEqual(['flaky success', 'flaky failure', 'flaky failure']);

    // A day later the failures no longer count, and a success is recorded again.
    failing.value = false;
    await clock.advance(25 * HOUR);
    await runner.stop();
    const [later] = await readJobRuns(t.db, ['flaky'], clock.now());
    expect(later?.failures24h).toBe(0);
    expect(later?.lastSuccessAt?.getTime()).toBeGreaterThan(start.getTime() + 24 * HOUR);
    warn.mockRestore();
  });

  it('keeps running a job when its run cannot be recorded', async () => {
    const clock = createTestClock(new Date(Date.UTC(2041, 0, 1)));
    let runs = 0;
    const job: JobDeclaration = { name: 'unrecorded', every: MINUTE, enabled: () => true, run: async () => (runs += 1) };
    const runner = createJobRunner({ jobs: [job], only: ['unrecorded'], clock });
    const deps = jobDepsOf(t.app, clock);
    const broken = {
      ...deps,
      db: {
        ...deps.db,
        insert: () => {
          throw new Error('disk full');
        },
      } as unknown as typeof deps.db,
    };
    const warn = vi.spyOn(deps.log, 'warn');
    runner.start(broken);
    await clock.advance(0);
    await clock.advance(MINUTE);
    await runner.stop();
    expect(runs).toBe(2);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'unrecorded' }), 'Recording a job run failed');
    warn.mockRestore();
  });

  it('runs only the chosen jobs, and none when BACKGROUND_JOBS is off', () => {
    const a = flakyJob('a', { value: false });
    const b = { ...flakyJob('b', { value: false }), enabled: () => false };
    expect(createJobRunner({ jobs: [a, b], clock: createTestClock(new Date()) }).names).toEqual(['a', 'b']);
    const started = createJobRunner({ jobs: [a, b], clock: createTestClock(new Date()) });
    started.start({ ...jobDepsOf(t.app, createTestClock(new Date())), config: { ...t.config, backgroundJobs: true } });
    expect(started.running()).toEqual(['a']);
    const off = createJobRunner({ jobs: [a, b], clock: createTestClock(new Date()) });
    off.start(jobDepsOf(t.app, createTestClock(new Date())));
    expect(off.running()).toEqual([]);
    return Promise.all([started.stop(), off.stop()]);
  });

  it('keeps a failed run a week', async () => {
    const clock = createTestClock(new Date(Date.UTC(2042, 0, 1)));
    const failing = { value: true };
    const runner = createJobRunner({ jobs: [{ ...flakyJob('weekly', failing), every: 24 * HOUR }], only: ['weekly'], clock });
    const deps = jobDepsOf(t.app, clock);
    const warn = vi.spyOn(deps.log, 'warn').mockImplementation(() => undefined);
    runner.start(deps);
    await clock.advance(0);
    await clock.advance(9 * 24 * HOUR);
    await runner.stop();
    const kept = (await t.db.select().from(jobFailures)).filter((row) => row.name === 'weekly');
    expect(kept.length).toBeLessThanOrEqual(8);
    expect(kept.length).toBeGreaterThanOrEqual(7);
    warn.mockRestore();
  });
});
