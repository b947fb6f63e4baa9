import { describe, expect, it } from 'vitest';
import { createTaskLimiter } from './concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createTaskLimiter', () => {
  it('runs at most `concurrency` tasks at once, in arrival order, and refuses beyond maxWaiting', async () => {
    const limit = createTaskLimiter({ concurrency: 2, maxWaiting: 3, whenFull: () => new Error('full') });
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      active += 1;
      peak = Math.max(peak, active);
      await tick();
      active -= 1;
      return index;
    };
    const accepted = [0, 1, 2, 3, 4].map((index) => limit(task(index)));
    await expect(limit(task(5))).rejects.toThrow('full');
    expect(await Promise.all(accepted)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    // Room again once they are done.
    expect(await limit(task(6))).toBe(6);
  });

  it('frees the slot when a task fails', async () => {
    const limit = createTaskLimiter({ concurrency: 1, maxWaiting: 1, whenFull: () => new Error('full') });
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'next')).toBe('next');
  });

  it('reserve() holds places for tasks on their way and refuses beyond concurrency + maxWaiting or a full queue', async () => {
    const limit = createTaskLimiter({ concurrency: 1, maxWaiting: 1, whenFull: () => new Error('full') });
    const first = limit.reserve();
    const second = limit.reserve();
    expect(() => limit.reserve()).toThrow('full');
    // Releasing is idempotent: the place comes back once.
    first();
    first();
    const third = limit.reserve();
    expect(() => limit.reserve()).toThrow('full');
    second();
    third();

    // A full queue (one running, one waiting, none of them reserved) refuses a reservation too.
    let finish = () => {};
    const blocker = limit(() => new Promise<void>((resolve) => (finish = resolve)));
    const queued = limit(async () => 'queued');
    expect(() => limit.reserve()).toThrow('full');
    finish();
    await blocker;
    expect(await queued).toBe('queued');
    limit.reserve()();
  });
});
