import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createRequestDurations } from './request-durations';

const BOUNDS = [0.01, 0.1, 1];
const OBSERVATIONS: [string, string, string, number][] = [
  ['GET', '/social/posts/', '2xx', 0.004],
  ['GET', '/social/posts/', '2xx', 0.01],
  ['GET', '/social/posts/', '2xx', 0.3],
  ['GET', '/social/posts/', '2xx', 4],
  ['POST', '/social/posts/', '4xx', 0.05],
];

describe('the request-duration histogram', () => {
  it("prints exactly what prom-client's own Histogram prints for the same observations", async () => {
    const ours = new Registry();
    const durations = createRequestDurations('http_request_duration_seconds', 'Time to answer', BOUNDS);
    ours.registerMetric(durations.metric);
    const theirs = new Registry();
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer',
      labelNames: ['method', 'route', 'status_class'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    for (const [method, route, statusClass, seconds] of OBSERVATIONS) {
      durations.observe(method, route, statusClass, seconds);
      reference.observe({ method, route, status_class: statusClass }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
