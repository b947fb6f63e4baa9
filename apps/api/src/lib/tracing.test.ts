import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createPost, createTestApp, createUser } from '../test/index';

type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
};
type PinoLogger = { bindings(): Record<string, unknown> };
type ExportRequest = { resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[] };

let collector: Server;
let endpoint: string;
const received: { path: string; contentType: string; body: ExportRequest }[] = [];

beforeAll(async () => {
  // A local OTLP/HTTP endpoint that keeps what it is sent (JSON encoding).
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'] ?? '',
        body: JSON.parse(body) as ExportRequest,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => collector.close(resolve)));

/**
 * The spans received since `from`, once one matches `wanted`: closing the app flushes the batch,
 * but gives up waiting after 3 s (a loaded machine may take longer), and the export still lands.
 */
async function spansOnceReceived(from: number, wanted: (span: ReceivedSpan) => boolean): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const spans = received
      .slice(from)
      .flatMap(({ body }) => body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
    if (spans.some(wanted) || Date.now() > deadline) return spans;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it("sends one server span per request to the collector, child of the caller's traceparent, named by route template", async () => {
    const t = await createTestApp({ otlpEndpoint: endpoint });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpanId = '00f067aa0ba902b7';
    const answer = await t.app.inject({ url: '/api/events/12345/', headers: { traceparent: `00-${traceId}-${callerSpanId}-01` } });
    expect(answer.statusCode).toBe(404);
    // Closing the app flushes the batch.
    await t.close();
    const isServer = (candidate: ReceivedSpan) => candidate.traceId === traceId && candidate.kind === 2;
    const spans = await spansOnceReceived(0, isServer);
    expect(received.map(({ path }) => path)).toContain('/v1/traces');
    const span = spans.find(isServer);
    expect(span).toMatchObject({ name: 'GET /api/events/:id/', parentSpanId: callerSpanId, kind: 2 });
    const attributes = Object.fromEntries((span?.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));
    expect(attributes).toMatchObject({ 'http.request.method': 'GET', 'http.route': '/api/events/:id/', 'http.response.status_code': 404 });
  });

  it("makes the request's database queries (and Redis commands) child spans of its server span, without parameter values", async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? null;
    const t = await createTestApp({ otlpEndpoint: endpoint, redisUrl });
    const before = received.length;
    try {
      const user = await createUser(t.db, { email: 'traced@example.com' });
      const post = await createPost(t.db, { userId: user.id });
      const headers = await authHeader(t.app, user);
      const answer = await t.app.inject({ method: 'POST', url: `/social/posts/${String(post.id)}/like/`, headers });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
    } finally {
      await t.close();
    }
    const isServer = (span: ReceivedSpan) => span.kind === 2 && span.name.startsWith('POST ') && span.name.includes('/like/');
    const spans = await spansOnceReceived(before, isServer);
    const server = spans.find(isServer);
    expect(server, spans.map((span) => span.name).join(', ')).toBeDefined();
    const children = spans.filter((span) => span.parentSpanId === server?.spanId);
    const attributesOf = (span: ReceivedSpan) =>
      Object.fromEntries(span.attributes.map(({ key, value }) => [key, Object.values(value)[0]]));
    const database = children.filter((span) => attributesOf(span)['db.system'] === 'postgresql');
    expect(database.length, children.map((span) => span.name).join(', ')).toBeGreaterThan(0);
    for (const span of database) expect(span).toMatchObject({ traceId: server?.traceId, kind: 3 });
    // The like's post id travels as a parameter, never in the statement text.
    expect(database.some((span) => /\$1/.test(String(attributesOf(span)['db.statement'])))).toBe(true);
    if (redisUrl) {
      const redis = children.filter((span) => attributesOf(span)['db.system'] === 'redis');
      expect(redis.length, children.map((span) => span.name).join(', ')).toBeGreaterThan(0);
      expect(redis[0]).toMatchObject({ traceId: server?.traceId, kind: 3 });
    }
  });

  it("puts the trace id on the request's log lines, the 'request completed' one included (written with reply.log)", async () => {
    const t = await createTestApp({ otlpEndpoint: endpoint, logLevel: 'fatal' });
    const seen: { request?: unknown; reply?: unknown } = {};
    t.app.addHook('onResponse', (request, reply, done) => {
      seen.request = (request.log as unknown as PinoLogger).bindings().trace_id;
      seen.reply = (reply.log as unknown as PinoLogger).bindings().trace_id;
      done();
    });
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4738';
      await t.app.inject({ url: '/healthz', headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` } });
      expect(seen).toEqual({ request: traceId, reply: traceId });
    } finally {
      await t.close();
    }
  });

  it('keeps serving when the collector is unreachable (spans are dropped, the app still closes)', async () => {
    // A port nothing listens on: every export fails with ECONNREFUSED.
    const t = await createTestApp({ otlpEndpoint: 'http://127.0.0.1:9' });
    try {
      for (let round = 0; round < 3; round += 1) {
        const answer = await t.app.inject({ url: '/api/events/12345/' });
        expect(answer.statusCode).toBe(404);
      }
      const started = Date.now();
      await t.app.close();
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await t.close();
    }
  }, 30_000);

  it('sends nothing without the endpoint', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.otlpEndpoint).toBeNull();
      const before = received.length;
      await t.app.inject({ url: '/healthz', headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4737-00f067aa0ba902b7-01' } });
      await t.app.close();
      expect(received).toHaveLength(before);
    } finally {
      await t.close();
    }
  });
});
