import type { Clock, TimerHandle } from '../lib/scheduler/index';

export type TestClock = Clock & {
  /**
   * Moves time forward by `ms`, firing every timer that falls due on the way, in time order.
   * Timers due at the same moment fire together (as two server instances would) and each
   * firing is awaited, so when `advance` resolves every run it started has ended.
   */
  advance(ms: number): Promise<void>;
  /** Timers waiting to fire. */
  pendingTimers(): number;
};

/** A controllable clock for scheduled jobs: time stands still until `advance`. */
export function createTestClock(start: Date): TestClock {
  let current = start.getTime();
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => Promise<void> | void }>();

  const dueBy = (limit: number) => {
    const due = [...timers.entries()].filter(([, timer]) => timer.at <= limit);
    if (due.length === 0) return [];
    const first = Math.min(...due.map(([, timer]) => timer.at));
    return due.filter(([, timer]) => timer.at === first);
  };

  return {
    now: () => new Date(current),
    setTimeout(callback, delayMs) {
      const id = nextId++;
      timers.set(id, { at: current + Math.max(0, delayMs), callback });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      if (typeof handle === 'number') timers.delete(handle);
    },
    async advance(ms) {
      const target = current + ms;
      for (let firings = 0; ; firings += 1) {
        if (firings > 10_000) throw new Error('TestClock.advance: timers keep firing without end');
        const due = dueBy(target);
        if (due.length === 0) break;
        current = Math.max(current, due[0]?.[1].at ?? current);
        for (const [id] of due) timers.delete(id);
        await Promise.all(due.map(([, timer]) => timer.callback()));
      }
      current = Math.max(current, target);
    },
    pendingTimers: () => timers.size,
  };
}
