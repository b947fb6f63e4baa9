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
});
