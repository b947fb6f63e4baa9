import { describe, expect, it, vi } from 'vitest';
import { createTestClock } from '../../test/test-clock';
import { createPeriodicJob } from './periodic-job';

const MINUTE = 60_000;

function setUp(run: (now: Date) => Promise<unknown>) {
  const clock = createTestClock(new Date(Date.UTC(2030, 0, 1)));
  const log = { warn: vi.fn() };
  const job = createPeriodicJob({ name: 'Test job', intervalMs: MINUTE, run, clock, log });
  return { clock, log, job };
}

describe('createPeriodicJob', () => {
  it('runs right after start, then one interval after each run, with the clock’s time', async () => {
    const times: number[] = [];
    const { clock, job } = setUp(async (now) => times.push(now.getTime()));
    const start = clock.now().getTime();
    job.start();
    job.start();
    await clock.advance(0);
    expect(times).toEqual([start]);
    await clock.advance(MINUTE - 1);
    expect(times).toHaveLength(1);
    await clock.advance(1);
    await clock.advance(2 * MINUTE);
    expect(times).toEqual([start, start + MINUTE, start + 2 * MINUTE, start + 3 * MINUTE]);
    await job.stop();
  });

  it('never overlaps runs: a trigger during a run asks for one more run right after it', async () => {
    let active = 0;
    let mostActive = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const { clock, job } = setUp(async () => {
      runs += 1;
      active += 1;
      mostActive = Math.max(mostActive, active);
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      active -= 1;
    });
    job.start();
    const advancing = clock.advance(0);
    await vi.waitFor(() => expect(runs).toBe(1));
    job.trigger();
    job.trigger();
    release();
    await advancing;
    expect(runs).toBe(2);
    expect(mostActive).toBe(1);
    await job.stop();
  });

  it('logs a failed run and retries at the next tick', async () => {
    let calls = 0;
    const { clock, log, job } = setUp(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database unavailable');
    });
    job.start();
    await clock.advance(0);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'Test job' }), 'Test job failed; will retry');
    await clock.advance(MINUTE);
    expect(calls).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    await job.stop();
  });

  it('stops after the run in progress and then ignores triggers', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const { clock, job } = setUp(async () => {
      runs += 1;
      await new Promise<void>((resolve) => (release = resolve));
    });
    job.start();
    const advancing = clock.advance(0);
    await vi.waitFor(() => expect(runs).toBe(1));
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    release();
    await Promise.all([stopping, advancing]);
    job.trigger();
    await clock.advance(10 * MINUTE);
    expect(runs).toBe(1);
    expect(clock.pendingTimers()).toBe(0);
  });

  it('does nothing before start', async () => {
    const run = vi.fn(async () => undefined);
    const { clock, job } = setUp(run);
    job.trigger();
    await clock.advance(10 * MINUTE);
    expect(run).not.toHaveBeenCalled();
  });
});
