/** Runs tasks with at most `concurrency` at a time; the others wait in arrival order. */
export type TaskLimiter = <T>(task: () => Promise<T>) => Promise<T>;

export type TaskLimiterOptions = {
  concurrency: number;
  /** At most this many tasks wait; one more is refused with `whenFull()`'s error at once. */
  maxWaiting: number;
  whenFull: () => Error;
};

export function createTaskLimiter({ concurrency, maxWaiting, whenFull }: TaskLimiterOptions): TaskLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  return async (task) => {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw whenFull();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      release();
    }
  };
}
