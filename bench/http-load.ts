import { openSender, type RequestSpec } from './sender';
import { percentile } from './stats';

export type LoadResult = {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses outside 2xx, and connection errors/timeouts. */
  non2xx: number;
  errors: number;
  /** Count per HTTP status, e.g. {"200": 5120, "401": 3}. */
  statuses: Record<string, number>;
};

export type LoadOptions = { connections: number; seconds: number };

/** A closed-loop request not answered within this long is a failure ("timeout"). */
const CLOSED_LOOP_TIMEOUT_MS = 30_000;

/**
 * A closed loop: `connections` keep-alive connections, each sending its next request as soon as
 * the previous answer arrived, for `seconds`; each latency runs from its own send. Every request
 * comes from `next()`, so users and ids rotate per request. Requests still unanswered at the end
 * are waited for, and counted.
 */
export async function runLoad(baseUrl: string, next: () => RequestSpec, options: LoadOptions): Promise<LoadResult> {
  const sender = openSender(baseUrl, options.connections);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + options.seconds * 1_000;
  const loop = async () => {
    while (performance.now() < end) {
      const sentAt = performance.now();
      const { status, finishedAt } = await sender.send(next(), sentAt + CLOSED_LOOP_TIMEOUT_MS);
      statuses[String(status)] = (statuses[String(status)] ?? 0) + 1;
      if (typeof status !== 'number') errors += 1;
      if (typeof status === 'number' && status >= 200 && status < 300) latencies.push(finishedAt - sentAt);
      else non2xx += 1;
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, loop));
  } finally {
    await sender.close();
  }
  const seconds = (performance.now() - started) / 1_000;
  const requests = Object.values(statuses).reduce((sum, count) => sum + count, 0) - errors;
  return {
    requests,
    seconds,
    requestsPerSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    non2xx,
    errors,
    statuses,
  };
}
