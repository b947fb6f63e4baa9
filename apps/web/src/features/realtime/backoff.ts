/** Reconnect delays: doubling from 1 s up to 30 s. */
export const RECONNECT_BACKOFF = { initialMs: 1_000, maxMs: 30_000 } as const;

/**
 * Delay before reconnect attempt `attempt` (0 for the first): the doubled ceiling with "equal
 * jitter" (half fixed, half random), so many tabs that lost the server do not return in step.
 * `random` is in [0, 1).
 */
export function reconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(RECONNECT_BACKOFF.maxMs, RECONNECT_BACKOFF.initialMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
