import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { OutboxStats } from '../mailer/outbox';
import { rateLimitFallback } from '../rate-limit-store';
import { createRequestDurations } from './request-durations';

/** What the metrics read when scraped (each worker answers for itself; the primary aggregates). */
export type MetricSources = {
  /** The outbox now (one statement). */
  outbox(): Promise<OutboxStats>;
  /** Open WebSocket connections of this process. */
  wsConnections(): number;
  /** Queries waiting for a database connection in this process's pools (0 on the embedded database). */
  dbPoolWaiting(): number;
};

export type AppMetrics = {
  readonly registry: Registry;
  /** Records one answered request (route template, never the raw URL: one series per route). */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
  /** Records the end of a job run (lib/scheduler's JobRunListener). */
  observeJobRun(job: string, outcome: 'success' | 'failure', endedAt: Date): void;
  /** Makes the job's series exist before its first run (a scraper sees 0 failures, not nothing). */
  declareJob(job: string): void;
};

/**
 * Request durations in seconds: a feed page answers in 1-20 ms, an upload or an export in
 * seconds. Few buckets keep the series per route small.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/**
 * The metrics of one app in a registry of its own (several apps share a test process). Values
 * that describe the shared database (outbox) are the same in every worker: aggregated with
 * `max`, never summed; per-process values (requests, sockets, pool waits, job failures) are summed.
 */
export function createAppMetrics(sources: MetricSources): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDurations = createRequestDurations(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by method, route template and status class',
    DURATION_BUCKETS,
  );
  registry.registerMetric(requestDurations.metric);

  // A scrape collects every metric at once: both outbox gauges share one statement.
  let outboxReading: Promise<OutboxStats> | null = null;
  const readOutbox = () =>
    (outboxReading ??= sources.outbox().finally(() => {
      outboxReading = null;
    }));
  new Gauge({
    name: 'alumlink_outbox_pending',
    help: 'E-mails waiting in the outbox (queued or waiting for a retry)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await readOutbox()).pending);
    },
  });
  new Gauge({
    name: 'alumlink_outbox_oldest_age_seconds',
    help: 'Age of the oldest e-mail waiting in the outbox (0 when none waits)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      const { oldestAt } = await readOutbox();
      this.set(oldestAt ? Math.max(0, (Date.now() - oldestAt.getTime()) / 1000) : 0);
    },
  });
  // Limits fail closed (DESIGN 7): while Redis is unreachable each process counts in its own memory.
  new Gauge({
    name: 'alumlink_rate_limit_redis_outages',
    help: 'Times this process lost Redis for its rate limits and fell back to its own in-memory limits',
    registers: [registry],
    collect() {
      this.set(rateLimitFallback.outages);
    },
  });
  new Gauge({
    name: 'alumlink_rate_limit_fallback_checks',
    help: 'Rate-limit checks this process answered from its in-memory fallback while Redis was unreachable',
    registers: [registry],
    collect() {
      this.set(rateLimitFallback.checks);
    },
  });
  const jobLastSuccess = new Gauge({
    name: 'alumlink_job_last_success_timestamp_seconds',
    help: 'When each background job last ran without an error (Unix seconds; 0 before its first success)',
    labelNames: ['job'] as const,
    aggregator: 'max',
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'alumlink_job_failures_total',
    help: 'Failed runs of each background job',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'alumlink_ws_connections',
    help: 'Open WebSocket connections',
    registers: [registry],
    collect() {
      this.set(sources.wsConnections());
    },
  });
  new Gauge({
    name: 'alumlink_db_pool_waiting',
    help: 'Queries waiting for a free database connection',
    registers: [registry],
    collect() {
      this.set(sources.dbPoolWaiting());
    },
  });

  return {
    registry,
    observeRequest(method, route, statusCode, seconds) {
      requestDurations.observe(method, route, STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? '5xx', seconds);
    },
    observeJobRun(job, outcome, endedAt) {
      if (outcome === 'success') jobLastSuccess.set({ job }, endedAt.getTime() / 1000);
      else jobFailures.inc({ job });
    },
    declareJob(job) {
      jobFailures.inc({ job }, 0);
      jobLastSuccess.set({ job }, 0);
    },
  };
}
