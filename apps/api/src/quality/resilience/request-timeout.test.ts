// A request whose body never finishes does not hold its connection forever: the server answers
// 408 and closes it after config.requestTimeoutMs (REQUEST_TIMEOUT_MS, 120 s; 1 s here), while
// keep-alive connections between requests and open WebSockets are not cut by it.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../config';
import { openSocket } from '../../modules/realtime/socket-test-client';
import { accessTokenFor, createTestApp, createUser, type TestApp } from '../../test/index';

const TIMEOUT_MS = 1_000;
let t: TestApp;
let port: number;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ requestTimeoutMs: TIMEOUT_MS, rateLimitMultiplier: 100 });
  // A handler slower than the timeout: only receiving the request is timed.
  t.app.get('/test/slow/', async () => {
    await sleep(1.5 * TIMEOUT_MS);
    return { ok: true };
  });
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(baseUrl).port);
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw connection that records everything the server sends and when it closes. */
async function connect(): Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => undefined);
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  return { socket, received: () => text, closed };
}

const forgotRequest = (body: string, declaredLength = Buffer.byteLength(body)) =>
  'POST /users/forgot-password/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${declaredLength}\r\nConnection: keep-alive\r\n\r\n${body}`;

describe('request timeout', () => {
  it('defaults to 120 seconds, enough for a 10 MB upload at 100 KB/s', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(REQUEST_TIMEOUT_MS / 1000).toBeGreaterThanOrEqual((10 * 1024) / 100);
  });

  it('answers 408 and closes a connection whose body never finishes', async () => {
    const client = await connect();
    // Declares 100 bytes, sends 10, then goes silent.
    client.socket.write(forgotRequest('{"email":"', 100));
    const closedAfter = await Promise.race([client.closed, sleep(6 * TIMEOUT_MS).then(() => -1)]);
    client.socket.destroy();
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('does the same to a client that trickles its body a byte at a time', async () => {
    const client = await connect();
    client.socket.write(forgotRequest('', 1000));
    const trickle = setInterval(() => client.socket.write(' '), 100);
    const closedAfter = await Promise.race([client.closed, sleep(6 * TIMEOUT_MS).then(() => -1)]);
    clearInterval(trickle);
    client.socket.destroy();
    expect(closedAfter).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('keeps an idle keep-alive connection between requests (its own keep-alive timeout applies)', async () => {
    const client = await connect();
    const body = JSON.stringify({ email: 'nobody@example.com' });
    client.socket.write(forgotRequest(body));
    await sleep(2.5 * TIMEOUT_MS);
    client.socket.write(forgotRequest(body));
    await sleep(300);
    client.socket.destroy();
    expect(client.received().match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });

  it('lets a handler take longer than the timeout once the request has arrived', async () => {
    const response = await fetch(`${baseUrl}/test/slow/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('leaves an open WebSocket alone past the timeout', async () => {
    const user = await createUser(t.db);
    const socket = await openSocket(baseUrl);
    socket.send({ type: 'auth', token: await accessTokenFor(t.app, user) });
    await socket.next('auth.ok');
    await sleep(2.5 * TIMEOUT_MS);
    const pong = new Promise<void>((resolve) => socket.ws.once('pong', () => resolve()));
    socket.ws.ping();
    await pong;
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});
