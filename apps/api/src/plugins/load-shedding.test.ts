import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAuthedSocket, type TestSocket } from '../modules/realtime/socket-test-client';
import { accessTokenFor, createTestApp, createUser, type TestApp, listenOnLoopback } from '../test/index';

let t: TestApp;
let base: string;
/** Requests held in the test route until released. */
const held: (() => void)[] = [];
const releaseAll = () => {
  for (const release of held.splice(0)) release();
};

beforeAll(async () => {
  t = await createTestApp({ maxRequestsInFlight: 2 });
  t.app.get('/api/test/held/', async () => {
    await new Promise<void>((resolve) => held.push(resolve));
    return { ok: true };
  });
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  releaseAll();
  await t.close();
});

describe('load shedding (MAX_REQUESTS_IN_FLIGHT)', () => {
  it('answers one request too many with 503 busy and Retry-After at once, and the probes whatever the load', async () => {
    const first = fetch(`${base}/api/test/held/`);
    const second = fetch(`${base}/api/test/held/`);
    await vi.waitFor(() => expect(held).toHaveLength(2));

    const refused = await fetch(`${base}/social/posts/`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ detail: 'The server is busy. Please try again in a moment.', code: 'busy' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    releaseAll();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    // Places are free again: an unauthenticated feed request gets its ordinary 401.
    expect((await fetch(`${base}/social/posts/`)).status).toBe(401);
  });

  it('frees the place of a client that hung up', async () => {
    const gone = new AbortController();
    const abandoned = fetch(`${base}/api/test/held/`, { signal: gone.signal }).catch(() => 'aborted');
    const kept = fetch(`${base}/api/test/held/`);
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect((await fetch(`${base}/social/posts/`)).status).toBe(503);
    gone.abort();
    expect(await abandoned).toBe('aborted');
    await vi.waitFor(async () => expect((await fetch(`${base}/social/posts/`)).status).toBe(401));
    releaseAll();
    expect((await kept).status).toBe(200);
  });

  it('lets open WebSockets hold no place (their upgrade response closes only with the socket)', async () => {
    const user = await createUser(t.db);
    const sockets: TestSocket[] = [];
    try {
      for (let i = 0; i < 3; i++) sockets.push(await openAuthedSocket(base, await accessTokenFor(t.app, user)));
      expect((await fetch(`${base}/social/posts/`)).status).toBe(401);
    } finally {
      await Promise.all(sockets.map((socket) => socket.close()));
    }
  });
});
