import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';
import { installClientTracing, requestTraces, type RequestTrace } from './tracing-clients';

/**
 * OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: one server span per request,
 * named by method and route template, child of the caller's W3C `traceparent` when it sends one,
 * exported over OTLP/HTTP in batches (the queue drops spans rather than grow when the collector
 * is unreachable; the server keeps serving). The database and Redis clients' queries made while
 * a request is served are its children (lib/tracing-clients.ts). Without the variable nothing is
 * loaded, no hook is added and no client is wrapped: no cost.
 */
/** How long closing waits for the last spans to be sent. */
const SHUTDOWN_FLUSH_MS = 3_000;
/** How long one export may take (the exporter's default is 10 s, retried). */
const EXPORT_TIMEOUT_MS = 2_000;

export async function registerTracing(app: FastifyInstance, endpoint: string | null): Promise<void> {
  if (!endpoint) return;
  const [api, core, resources, sdk, exporter] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]);
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({ 'service.name': 'alumlink' }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(
        new exporter.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces`, timeoutMillis: EXPORT_TIMEOUT_MS }),
      ),
    ],
  });
  const tracer = provider.getTracer('alumlink-api');
  const propagator = new core.W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();
  const traces = new WeakMap<FastifyRequest, RequestTrace>();
  installClientTracing();

  app.addHook('onRequest', (request, reply, done) => {
    const parent = propagator.extract(api.ROOT_CONTEXT, request.headers, api.defaultTextMapGetter);
    const span = tracer.startSpan(
      `${request.method} ${request.routeOptions.url ?? '(unmatched)'}`,
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? '(unmatched)',
          'url.path': request.url.split('?')[0] ?? request.url,
        },
      },
      parent,
    );
    spans.set(request, span);
    // The trace id in every line this request logs.
    request.log = request.log.child({ trace_id: span.spanContext().traceId });
    // Fastify writes "request completed" with reply.log, made before this hook from the old logger.
    reply.log = request.log;
    const trace = { tracer, context: api.trace.setSpan(parent, span), api };
    traces.set(request, trace);
    requestTraces.run(trace, done);
  });
  // Again once the body is read (its stream's events run outside the request's context), so the
  // handler and every query it makes see the request's span.
  app.addHook('preHandler', (request, _reply, done) => {
    const trace = traces.get(request);
    if (trace) requestTraces.run(trace, done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  // Sends what is still queued before the app closes, for a few seconds at most: a collector that
  // is unreachable costs the spans, never the shutdown (it would reject it with ECONNREFUSED).
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref()));
    await Promise.race([provider.shutdown(), givenUp])
      .catch((error: unknown) => app.log.warn({ err: error }, 'traces still queued at close were not sent'))
      .finally(() => clearTimeout(timer));
  });
}
