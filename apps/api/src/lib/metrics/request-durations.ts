import type { Metric, MetricObjectWithValues, MetricValueWithName } from 'prom-client';

type Series = { labels: Record<'method' | 'route' | 'status_class', string>; buckets: number[]; sum: number; count: number };

export type RequestDurations = {
  /** Counts one answer: a map lookup, a short scan of the bounds and three additions. */
  observe(method: string, route: string, statusClass: string, seconds: number): void;
  /** The histogram as prom-client metrics (registered in a Registry; summed across workers). */
  readonly metric: Metric;
};

/**
 * `http_request_duration_seconds` kept by hand for the request path: prom-client's Histogram
 * validates and hashes its label object on every observe (about 3 µs a request measured here,
 * a percent of a core at 4,000 requests a second); this keeps one plain series per (method, route
 * template, status class) and builds prom-client's histogram values only when scraped.
 */
export function createRequestDurations(name: string, help: string, bounds: readonly number[]): RequestDurations {
  const series = new Map<string, Series>();
  // route → method → status class → series: no key string built per request.
  const byRoute = new Map<string, Map<string, Map<string, Series>>>();

  const values = (): MetricValueWithName<string>[] => {
    const out: MetricValueWithName<string>[] = [];
    for (const { labels, buckets, sum, count } of series.values()) {
      let cumulative = 0;
      bounds.forEach((bound, index) => {
        cumulative += buckets[index] ?? 0;
        out.push({ metricName: `${name}_bucket`, labels: { le: bound, ...labels }, value: cumulative });
      });
      out.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', ...labels }, value: count });
      out.push({ metricName: `${name}_sum`, labels, value: sum });
      out.push({ metricName: `${name}_count`, labels, value: count });
    }
    return out;
  };

  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async (): Promise<MetricObjectWithValues<MetricValueWithName<string>>> =>
      ({ name, help, type: 'histogram', aggregator: 'sum', values: values() }) as unknown as MetricObjectWithValues<
        MetricValueWithName<string>
      >,
    reset: () => {
      series.clear();
      byRoute.clear();
    },
  };

  return {
    observe(method, route, statusClass, seconds) {
      let byMethod = byRoute.get(route);
      if (!byMethod) byRoute.set(route, (byMethod = new Map()));
      let byStatus = byMethod.get(method);
      if (!byStatus) byMethod.set(method, (byStatus = new Map()));
      let entry = byStatus.get(statusClass);
      if (!entry) {
        entry = { labels: { method, route, status_class: statusClass }, buckets: bounds.map(() => 0), sum: 0, count: 0 };
        byStatus.set(statusClass, entry);
        series.set(`${method} ${route} ${statusClass}`, entry);
      }
      let index = 0;
      while (index < bounds.length && seconds > (bounds[index] ?? Infinity)) index += 1;
      if (index < bounds.length) entry.buckets[index] = (entry.buckets[index] ?? 0) + 1;
      entry.sum += seconds;
      entry.count += 1;
    },
    // prom-client's Registry takes any object with a name and get(); its own types name only its classes.
    metric: metric as unknown as Metric,
  };
}
