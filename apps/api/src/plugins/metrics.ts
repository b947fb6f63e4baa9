import { createHash, timingSafeEqual } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromThisMachine } from '../lib/client-address';
import { forbidden, unauthorized } from '../lib/errors';
import { readOutboxStats } from '../lib/mailer/index';
import { createAppMetrics, type AppMetrics } from '../lib/metrics/app-metrics';
import { clusterMetricsFromPrimary, offerWorkerMetrics } from '../lib/metrics/cluster';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (lib/metrics), served at GET /metrics. */
    metrics: AppMetrics;
  }
}

/** The label of requests no route matched (404s, scanners): one series, whatever the URL. */
const UNMATCHED_ROUTE = '(unmatched)';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `request` carries `Authorization: Bearer <token>` (compared in constant time). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics: a histogram of every answer by route template and status class (one
 * onResponse hook: a map lookup and an observe), the outbox, the jobs (app.jobs reports each
 * run), sockets, pool waits and Node's defaults. GET /metrics answers this machine, or anyone
 * with METRICS_TOKEN; in a cluster worker it answers for every worker of the instance.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { driver } = app.database;
  const metrics = createAppMetrics({
    outbox: () => readOutboxStats(app.db, new Date()),
    wsConnections: () => app.realtime.localConnectionCount(),
    dbPoolWaiting: () => (driver.kind === 'postgres' ? driver.pool.waitingCount : 0),
  });
  app.decorate('metrics', metrics);
  if (cluster.isWorker) offerWorkerMetrics(metrics.registry);

  // METRICS=off: no per-request hook at all (the bench measures what it costs, docs/performance.md).
  if (!app.config.requestMetrics) return;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** GET /metrics (registered after the API document, which lists it). */
async function metricsRoute(app: FastifyInstance): Promise<void> {
  const { metrics } = app;
  const token = app.config.metricsToken;
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (text format): from this machine, or with Authorization: Bearer $METRICS_TOKEN',
      },
    },
    async (request, reply) => {
      if (!fromThisMachine(request)) {
        if (!token) throw forbidden('Metrics are served to this machine only (set METRICS_TOKEN to scrape from elsewhere).');
        if (!hasToken(request, token)) throw unauthorized('A valid metrics token is required.', 'invalid_metrics_token');
      }
      const text = cluster.isWorker ? await clusterMetricsFromPrimary() : await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    },
  );
}

export const registerMetrics = fp(metricsPlugin, { name: 'metrics', fastify: '5.x', dependencies: ['realtime'] });
export const registerMetricsRoute = fp(metricsRoute, { name: 'metrics-route', fastify: '5.x', dependencies: ['metrics'] });
