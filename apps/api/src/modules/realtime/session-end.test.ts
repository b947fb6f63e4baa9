// Open sockets close within a second when their sign-in ends: logout (that sign-in only),
// password reset and deletion (every sign-in of the person). Two-instance case: realtime-redis.test.ts.
// Ends that publish nothing (SQL, the CLI) are caught by the periodic re-check, here every 200 ms.
import { REALTIME_SESSION_ENDED_REASON, REALTIME_UNAUTHORIZED_CLOSE_CODE } from '@alumlink/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFamilies, users } from '../../db/schema/index';
import { verifyAccessToken } from '../../lib/tokens';
import { authHeader, createTestApp, createUser, lastCodeSentTo, type TestApp, type TestUser, listenOnLoopback } from '../../test/index';
import { openAuthedSocket, openSocket, type TestSocket } from './socket-test-client';

let t: TestApp;
let baseUrl: string;
const sockets: TestSocket[] = [];
const SESSION_ENDED = { code: REALTIME_UNAUTHORIZED_CLOSE_CODE, reason: REALTIME_SESSION_ENDED_REASON };
/** The re-check's interval in these tests (30 s in production). */
const CHECK_MS = 200;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100, realtimeSessionCheckMs: CHECK_MS }, { jobs: ['realtime-sessions'] });
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
  await t.close();
});

/** Signs in through the API and opens a socket with that sign-in's access token. */
async function signedInSocket(user: TestUser): Promise<{ access: string; refresh: string; socket: TestSocket }> {
  const response = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
  expect(response.statusCode).toBe(200);
  const tokens = response.json<{ access: string; refresh: string }>();
  const socket = await openAuthedSocket(baseUrl, tokens.access);
  sockets.push(socket);
  return { ...tokens, socket };
}

/** The socket's close, or a failure when it stays open longer than a second. */
function closedWithinASecond(socket: TestSocket): Promise<{ code: number; reason: string }> {
  return Promise.race([
    socket.closed,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('socket still open after 1 s')), 1_000)),
  ]);
}

/** The socket's close, or a failure when it stays open longer than one re-check (and the query) allows. */
function closedWithinATick(socket: TestSocket): Promise<{ code: number; reason: string }> {
  return Promise.race([
    socket.closed,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`socket still open after ${CHECK_MS + 500} ms`)), CHECK_MS + 500),
    ),
  ]);
}

/** True when the socket is still open a moment later. */
async function stillOpen(socket: TestSocket): Promise<boolean> {
  const closed = await Promise.race([socket.closed.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 300))]);
  return !closed && socket.ws.readyState === socket.ws.OPEN;
}

describe('sockets of ended sign-ins close at once', () => {
  it('logout closes the sockets of that sign-in only', async () => {
    const user = await createUser(t.db);
    const phone = await signedInSocket(user);
    const laptop = await signedInSocket(user);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { authorization: `Bearer ${phone.access}` },
      payload: { refresh: phone.refresh },
    });
    expect(logout.statusCode).toBe(200);
    expect(await closedWithinASecond(phone.socket)).toEqual(SESSION_ENDED);
    expect(await stillOpen(laptop.socket)).toBe(true);
  });

  it('password reset closes every socket of the person, not those of others', async () => {
    const [user, other] = [await createUser(t.db), await createUser(t.db)];
    const [a, b, theirs] = [await signedInSocket(user), await signedInSocket(user), await signedInSocket(other)];
    await t.app.inject({ method: 'POST', url: '/users/forgot-password/', payload: { email: user.email } });
    const otp = await lastCodeSentTo(t.db, user.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/users/reset-password/',
      payload: { email: user.email, otp, password: 'new-password-1', password_confirm: 'new-password-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await closedWithinASecond(a.socket)).toEqual(SESSION_ENDED);
    expect(await closedWithinASecond(b.socket)).toEqual(SESSION_ENDED);
    expect(await stillOpen(theirs.socket)).toBe(true);
  });

  it("an administrator's deletion closes every socket of the person", async () => {
    const admin = await createUser(t.db, { role: 'AD' });
    const person = await createUser(t.db, { role: 'AL' });
    const { socket } = await signedInSocket(person);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/admin/delete-user/${person.id}/`,
      headers: await authHeader(t.app, admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await closedWithinASecond(socket)).toEqual(SESSION_ENDED);
  });

  it('a reused refresh token closes the sockets of its family', async () => {
    const user = await createUser(t.db);
    const stolen = await signedInSocket(user);
    const rotated = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: stolen.refresh } });
    expect(rotated.statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: stolen.refresh } });
    expect(replay.statusCode).toBe(401);
    expect(await closedWithinASecond(stolen.socket)).toEqual(SESSION_ENDED);
  });

  it('refuses a socket whose sign-in already ended', async () => {
    const user = await createUser(t.db);
    const response = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
    const { access } = response.json<{ access: string }>();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers: { authorization: `Bearer ${access}` } });
    const socket = await openSocket(baseUrl);
    sockets.push(socket);
    socket.send({ type: 'auth', token: access });
    expect(await socket.closed).toEqual({ code: REALTIME_UNAUTHORIZED_CLOSE_CODE, reason: 'unauthorized' });
    expect(socket.events).toEqual([]);
  });
});

describe('ends that publish nothing are caught by the periodic re-check', () => {
  it('a session ended directly in the database closes its socket within one tick; the others stay', async () => {
    const [user, other] = [await createUser(t.db), await createUser(t.db)];
    const [ended, sameUserOtherSignIn, theirs] = [await signedInSocket(user), await signedInSocket(user), await signedInSocket(other)];
    const sessionId = verifyAccessToken(t.config.jwtSecret, ended.access)?.session;
    expect(sessionId).toBeTypeOf('string');
    await t.db
      .update(sessionFamilies)
      .set({ endedAt: new Date() })
      .where(eq(sessionFamilies.id, sessionId ?? ''));
    expect(await closedWithinATick(ended.socket)).toEqual(SESSION_ENDED);
    await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_MS));
    expect(await stillOpen(sameUserOtherSignIn.socket)).toBe(true);
    expect(await stillOpen(theirs.socket)).toBe(true);
  });

  it('a person set inactive or deleted in the database has every socket closed within one tick; others stay', async () => {
    const [inactive, deleted, other] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const [a, b, c, theirs] = [
      await signedInSocket(inactive),
      await signedInSocket(inactive),
      await signedInSocket(deleted),
      await signedInSocket(other),
    ];
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    await t.db.delete(users).where(inArray(users.id, [deleted.id]));
    expect(await closedWithinATick(a.socket)).toEqual(SESSION_ENDED);
    expect(await closedWithinATick(b.socket)).toEqual(SESSION_ENDED);
    expect(await closedWithinATick(c.socket)).toEqual(SESSION_ENDED);
    await new Promise((resolve) => setTimeout(resolve, 2 * CHECK_MS));
    expect(await stillOpen(theirs.socket)).toBe(true);
  });
});
