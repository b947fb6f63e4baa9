// Realtime across two instances sharing PostgreSQL and Redis. Runs only with TEST_REDIS_URL and
// TEST_DATABASE_URL (CI sets both); without them the whole file is skipped.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { REALTIME_SESSION_ENDED_REASON, REALTIME_UNAUTHORIZED_CLOSE_CODE } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { notifications } from '../../db/schema/index';
import {
  accessTokenFor,
  authHeader,
  createTestApp,
  createTestConfig,
  createUser,
  listenOnLoopback,
  startSecondInstance,
  type SecondInstance,
  type TestApp,
  type TestUser,
} from '../../test/index';
import { openAuthedSocket, type TestSocket } from './socket-test-client';

const sharedRedisUrl = process.env.TEST_REDIS_URL;
const enabled = Boolean(sharedRedisUrl && process.env.TEST_DATABASE_URL);

type Instance = SecondInstance & { url: string };

let primary: TestApp;
const instances: Instance[] = [];
const sockets: TestSocket[] = [];

/** Another app on the same PostgreSQL database as `primary`, listening on a free port. */
async function startInstance(redisUrl: string, overrides: Partial<AppConfig> = {}): Promise<Instance> {
  const second = await startSecondInstance(primary, { config: createTestConfig({ redisUrl, ...overrides }), jobs: ['realtime-sessions'] });
  const instance = { ...second, url: await listenOnLoopback(second.app) };
  instances.push(instance);
  return instance;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A private redis-server (no persistence) that the test may kill and restart. */
function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('redis-server did not start')), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('error', reject);
  });
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

async function connect(instance: Instance, user: TestUser): Promise<TestSocket> {
  const socket = await openAuthedSocket(instance.url, await accessTokenFor(instance.app, user));
  sockets.push(socket);
  return socket;
}

async function sendVia(instance: Instance, from: TestUser, conversationId: number, content: string) {
  return instance.app.inject({
    method: 'POST',
    url: `/social/conversations/${conversationId}/send_message/`,
    headers: await authHeader(instance.app, from),
    payload: { content },
  });
}

async function pair(instance: Instance): Promise<{ alice: TestUser; bob: TestUser; conversationId: number }> {
  const [alice, bob] = [await createUser(primary.db), await createUser(primary.db)];
  const started = await instance.app.inject({
    method: 'POST',
    url: '/social/conversations/start_conversation/',
    headers: await authHeader(instance.app, alice),
    payload: { user_id: bob.id },
  });
  return { alice, bob, conversationId: started.json<{ id: number }>().id };
}

/** Sends messages through `from` until `socket` receives one (Redis subscriptions come up asynchronously). */
async function deliveredEventually(from: Instance, sender: TestUser, conversationId: number, socket: TestSocket, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; Date.now() < deadline; attempt += 1) {
    const content = `probe ${attempt}`;
    expect((await sendVia(from, sender, conversationId, content)).statusCode).toBe(201);
    try {
      return await socket.next('message.created', (event) => event.data.content === content, 300);
    } catch {
      // Not through yet: try again.
    }
  }
  throw new Error('messages never reached the other instance');
}

describe.skipIf(!enabled)('realtime on two instances (needs TEST_REDIS_URL and TEST_DATABASE_URL; skipped otherwise)', () => {
  let redisChild: ChildProcess | null = null;

  beforeAll(async () => {
    primary = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((socket) => socket.close()));
    for (const instance of instances) await instance.close();
    if (redisChild) await stopRedis(redisChild);
    await primary.close();
  });

  it('delivers a message sent through instance A to a socket on instance B, and shares focus', async () => {
    const a = await startInstance(sharedRedisUrl ?? '');
    const b = await startInstance(sharedRedisUrl ?? '');
    const { alice, bob, conversationId } = await pair(a);
    const bobOnB = await connect(b, bob);
    const received = await deliveredEventually(a, alice, conversationId, bobOnB);
    expect(received.data).toMatchObject({ conversation_id: conversationId, sender_id: alice.id });
    await bobOnB.next('conversation.updated');
    await bobOnB.next('notification.created');

    // Bob looks at the conversation on B: a message sent through A makes no notification.
    bobOnB.send({ type: 'conversation.focus', conversation_id: conversationId });
    const before = (await primary.db.select().from(notifications).where(eq(notifications.userId, bob.id))).length;
    const deadline = Date.now() + 5_000;
    let notified = true;
    while (notified && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const response = await sendVia(a, alice, conversationId, 'seen live');
      expect(response.statusCode).toBe(201);
      notified = (await primary.db.select().from(notifications).where(eq(notifications.userId, bob.id))).length > before;
      if (notified) await primary.db.delete(notifications).where(eq(notifications.userId, bob.id));
    }
    expect(notified).toBe(false);
  });

  it('closes the socket on instance B within a second when its sign-in logs out through instance A', async () => {
    const a = await startInstance(sharedRedisUrl ?? '');
    const b = await startInstance(sharedRedisUrl ?? '');
    const { alice, bob, conversationId } = await pair(a);
    const signIn = await a.app.inject({ method: 'POST', url: '/api/token/', payload: { email: bob.email, password: bob.password } });
    expect(signIn.statusCode).toBe(200);
    const tokens = signIn.json<{ access: string; refresh: string }>();
    const bobOnB = await openAuthedSocket(b.url, tokens.access);
    sockets.push(bobOnB);
    const otherSignIn = await connect(b, bob);
    // B hears A through Redis from now on.
    await deliveredEventually(a, alice, conversationId, bobOnB);

    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { authorization: `Bearer ${tokens.access}` },
      payload: { refresh: tokens.refresh },
    });
    expect(logout.statusCode).toBe(200);
    const closed = await Promise.race([
      bobOnB.closed,
      new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('socket on B still open after 1 s')), 1_000)),
    ]);
    expect(closed).toEqual({ code: REALTIME_UNAUTHORIZED_CLOSE_CODE, reason: REALTIME_SESSION_ENDED_REASON });
    // The access token is refused on B too, and Bob's other sign-in keeps its socket.
    expect((await b.app.inject({ url: '/social/conversations/', headers: { authorization: `Bearer ${tokens.access}` } })).statusCode).toBe(
      401,
    );
    await deliveredEventually(a, alice, conversationId, otherSignIn);
  });

  it('keeps HTTP working while Redis is down and resumes delivery when it is back', async () => {
    const port = await freePort();
    redisChild = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const a = await startInstance(url);
    const b = await startInstance(url);
    const { alice, bob, conversationId } = await pair(a);
    const bobOnB = await connect(b, bob);
    const aliceOnA = await connect(a, alice);
    await deliveredEventually(a, alice, conversationId, bobOnB);

    await stopRedis(redisChild);
    const started = Date.now();
    const whileDown = await sendVia(a, alice, conversationId, 'while redis is down');
    expect(whileDown.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(3_000);
    // Local sockets still get their events; B's sockets wait for Redis.
    await aliceOnA.next('message.created', (event) => event.data.content === 'while redis is down');
    await expect(bobOnB.next('message.created', (event) => event.data.content === 'while redis is down', 500)).rejects.toThrow();
    const list = await a.app.inject({ method: 'GET', url: '/social/conversations/', headers: await authHeader(a.app, alice) });
    expect(list.statusCode).toBe(200);

    redisChild = await startRedis(port);
    const resumed = await deliveredEventually(a, alice, conversationId, bobOnB, 20_000);
    expect(resumed.data.sender_id).toBe(alice.id);
  });

  it('closes the socket on instance B within one re-check when its sign-in logs out through A while Redis is down', async () => {
    const checkMs = 250;
    const port = await freePort();
    const privateRedis = await startRedis(port);
    try {
      const url = `redis://127.0.0.1:${port}`;
      const a = await startInstance(url, { realtimeSessionCheckMs: checkMs });
      const b = await startInstance(url, { realtimeSessionCheckMs: checkMs });
      const { alice, bob, conversationId } = await pair(a);
      const signIn = await a.app.inject({ method: 'POST', url: '/api/token/', payload: { email: bob.email, password: bob.password } });
      expect(signIn.statusCode).toBe(200);
      const tokens = signIn.json<{ access: string; refresh: string }>();
      const bobOnB = await openAuthedSocket(b.url, tokens.access);
      sockets.push(bobOnB);
      const otherSignIn = await connect(b, bob);
      const aliceOnB = await connect(b, alice);
      await deliveredEventually(a, alice, conversationId, bobOnB);

      await stopRedis(privateRedis);
      const logout = await a.app.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        headers: { authorization: `Bearer ${tokens.access}` },
        payload: { refresh: tokens.refresh },
      });
      expect(logout.statusCode).toBe(200);
      const closed = await Promise.race([
        bobOnB.closed,
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new Error('socket on B still open after one re-check')), checkMs + 750),
        ),
      ]);
      expect(closed).toEqual({ code: REALTIME_UNAUTHORIZED_CLOSE_CODE, reason: REALTIME_SESSION_ENDED_REASON });
      // Bob's other sign-in and Alice keep their sockets on B through further re-checks.
      await new Promise((resolve) => setTimeout(resolve, 3 * checkMs));
      for (const socket of [otherSignIn, aliceOnB]) expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    } finally {
      await stopRedis(privateRedis);
    }
  });
});
