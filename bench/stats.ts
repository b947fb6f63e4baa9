/** The p-th percentile (0–100) of `values` by nearest rank; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** Runs `fire` `perSecond` times a second (open loop: it does not wait for answers) until stopped. */
export function atRate(perSecond: number, fire: (n: number) => void): { stop(): number } {
  const started = performance.now();
  let fired = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    while (fired < due) fire(fired++);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return fired;
    },
  };
}
