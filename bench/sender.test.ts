import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useLocalServer } from './local-server';
import { runLoad } from './http-load';
import { openSender } from './sender';

const local = useLocalServer();
const listen = local.listen;

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

describe('openSender', () => {
  it('sends method, path, headers and a JSON body as written, and reads chunked and closing answers', async () => {
    const seen: { method?: string; url?: string; auth?: string; type?: string; encoding?: string; body: string }[] = [];
    const answer = async (request: IncomingMessage, response: ServerResponse) => {
      seen.push({
        method: request.method,
        url: request.url,
        auth: request.headers.authorization,
        type: request.headers['content-type'],
        encoding: request.headers['accept-encoding'],
        body: await readBody(request),
      });
      if (request.url === '/chunked') {
        response.write('{"part":1,');
        setTimeout(() => response.end('"part2":"ü"}'), 10);
      } else if (request.url === '/close') {
        response.setHeader('connection', 'close');
        response.end('{}');
      } else {
        response.statusCode = 201;
        response.end('{}');
      }
    };
    const baseUrl = await listen((request, response) => void answer(request, response));
    const connections = local.countConnections();
    const sender = openSender(baseUrl, 1);
    try {
      const deadline = () => performance.now() + 2_000;
      const text = 'Grüße, 你好';
      const posted = await sender.send(
        { method: 'POST', path: '/m?x=1', headers: { authorization: 'Bearer t' }, body: JSON.stringify({ text }) },
        deadline(),
      );
      expect(posted.status).toBe(201);
      expect(await sender.send({ method: 'GET', path: '/chunked' }, deadline())).toMatchObject({ status: 200 });
      expect(await sender.send({ method: 'GET', path: '/close' }, deadline())).toMatchObject({ status: 200 });
      expect(await sender.send({ method: 'GET', path: '/after-close' }, deadline())).toMatchObject({ status: 201 });
      expect(seen[0]).toEqual({
        method: 'POST',
        url: '/m?x=1',
        auth: 'Bearer t',
        type: 'application/json',
        encoding: 'gzip, deflate, br, zstd',
        body: JSON.stringify({ text }),
      });
      expect(seen.map((request) => request.url)).toEqual(['/m?x=1', '/chunked', '/close', '/after-close']);
      // One connection for the first three; the server closed it after /close.
      expect(connections.count).toBe(2);
    } finally {
      await sender.close();
    }
  });

  it('times out a request still waiting for a connection at its deadline, without ever sending it', async () => {
    const arrived: string[] = [];
    const baseUrl = await listen((request, response) => {
      arrived.push(request.url ?? '');
      setTimeout(() => response.end('{}'), 400);
    });
    const sender = openSender(baseUrl, 1);
    try {
      const now = performance.now();
      const [first, second] = await Promise.all([
        sender.send({ method: 'GET', path: '/first' }, now + 2_000),
        sender.send({ method: 'GET', path: '/second' }, now + 50),
      ]);
      expect(first.status).toBe(200);
      expect(second.status).toBe('timeout');
      // It gave up in the queue, long before the connection was free again (400 ms).
      expect(second.finishedAt - now).toBeLessThan(300);
      expect(arrived).toEqual(['/first']);
    } finally {
      await sender.close();
    }
  });

  it('ends requests still waiting as errors when closed', async () => {
    const baseUrl = await listen(() => undefined);
    const sender = openSender(baseUrl, 1);
    const waiting = sender.send({ method: 'GET', path: '/never' }, performance.now() + 5_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sender.close();
    expect((await waiting).status).toBe('error');
    expect((await sender.send({ method: 'GET', path: '/later' }, performance.now() + 5_000)).status).toBe('error');
  });
});

describe('runLoad (closed loop)', () => {
  it('keeps at most `connections` requests in flight, rotates them through next(), and counts every status', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const baseUrl = await listen((request, response) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        response.statusCode = request.url === '/odd' ? 404 : 200;
        response.end('{}');
      }, 5);
    });
    let n = 0;
    const result = await runLoad(baseUrl, () => ({ method: 'GET', path: n++ % 2 === 0 ? '/even' : '/odd' }), {
      connections: 4,
      seconds: 0.5,
    });
    expect(maxInFlight).toBe(4);
    expect(result.requests).toBe(n);
    // Many rounds of four (about 100 on an idle machine; a loaded one still makes several).
    expect(result.requests).toBeGreaterThan(12);
    expect((result.statuses['200'] ?? 0) + (result.statuses['404'] ?? 0)).toBe(n);
    expect(Math.abs((result.statuses['200'] ?? 0) - (result.statuses['404'] ?? 0))).toBeLessThanOrEqual(4);
    expect(result.non2xx).toBe(result.statuses['404']);
    expect(result.errors).toBe(0);
    expect(result.p50).toBeGreaterThanOrEqual(4);
    expect(result.requestsPerSecond).toBeCloseTo(result.requests / result.seconds);
  });
});
