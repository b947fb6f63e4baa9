import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Span } from '@opentelemetry/api';

/**
 * OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set: one server span per request,
 * named by method and route template, child of the caller's W3C `traceparent` when it sends one,
 * exported over OTLP/HTTP in batches (the queue drops spans rather than grow when the collector
 * is unreachable; the server keeps serving). Without the variable nothing is loaded and no hook is
 * added: no cost.
 */
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
    spanProcessors: [new sdk.BatchSpanProcessor(new exporter.OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` }))],
  });
  const tracer = provider.getTracer('alumlink-api');
  const propagator = new core.W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook('onRequest', (request, _reply, done) => {
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
    done();
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
  // Sends what is still queued before the app closes.
  app.addHook('onClose', async () => provider.shutdown());
}
