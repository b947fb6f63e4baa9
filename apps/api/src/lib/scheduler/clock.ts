/** What a clock's setTimeout returns; only that clock's clearTimeout understands it. */
export type TimerHandle = unknown;

/**
 * Time as a scheduled job sees it. The system clock in the server; tests pass a clock they
 * advance by hand (test/test-clock.ts), so a job is tested without real waiting.
 */
export type Clock = {
  now(): Date;
  /** Calls `callback` after `delayMs`. A test clock awaits the promise the callback returns. */
  setTimeout(callback: () => Promise<void> | void, delayMs: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
};

/** Real time; its timers do not keep the process alive (a closing server does not wait for them). */
export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout(callback, delayMs) {
    const timer = setTimeout(() => void callback(), delayMs);
    timer.unref();
    return timer;
  },
  clearTimeout(handle) {
    // Only handles made by setTimeout above reach here.
    clearTimeout(handle as NodeJS.Timeout);
  },
};
