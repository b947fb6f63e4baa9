/**
 * Runs tasks with at most `concurrency` at a time; the others wait in arrival order.
 * `reserve()` holds a place for a task still on its way (see TaskLimiter.reserve).
 */
export type TaskLimiter = (<T>(task: () => Promise<T>) => Promise<T>) & {
  /**
   * Holds one of the limiter's `concurrency + maxWaiting` places for a task that will come later
   * (e.g. an upload whose body is still arriving), so a request can be refused before its costly
   * part (reading the body) rather than after. Throws `whenFull()`'s error at once when the places
   * are all held or the queue itself is full. Returns the release (idempotent). The task itself
   * still goes through the limiter; a reservation only decides admission.
   */
  reserve(): () => void;
};

export type TaskLimiterOptions = {
  concurrency: number;
  /** At most this many tasks wait; one more is refused with `whenFull()`'s error at once. */
  maxWaiting: number;
  whenFull: () => Error;
};

export function createTaskLimiter({ concurrency, maxWaiting, whenFull }: TaskLimiterOptions): TaskLimiter {
  let running = 0;
  let reserved = 0;
  const waiting: (() => void)[] = [];
  const queueFull = () => running >= concurrency && waiting.length >= maxWaiting;
  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };
  const limit = async <T>(task: () => Promise<T>): Promise<T> => {
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
  const reserve = (): (() => void) => {
    if (reserved >= concurrency + maxWaiting || queueFull()) throw whenFull();
    reserved += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      reserved -= 1;
    };
  };
  return Object.assign(limit, { reserve });
}
