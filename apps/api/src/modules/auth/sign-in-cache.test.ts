import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { sessionFamilies, users } from '../../db/schema/index';
import { adminOnly } from '../../lib/auth';
import { verifyAccessToken } from '../../lib/tokens';
import { accessTokenFor, createTestApp, createTestConfig, createUser, startSecondInstance, type TestApp } from '../../test/index';
import { SIGN_IN_NEWS_CLOCK_MARGIN_MS } from './sign-in-news';

// The sign-in check's cache (session-person-cache.ts) in front of the database, kept true by the
// database's own announcements (migration 0023_sign_in_changes, sign-in-changes.plugin.ts).

let t: TestApp;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/admin-only/', adminOnly(t.app), async (request) => ({ id: request.user.id }));
  await t.app.ready();
  // On PostgreSQL the channel is listened to on a connection of its own, a moment after start.
  await vi.waitFor(() => expect(t.ctx.repositories.auth.cache.enabled).toBe(true));
});
afterAll(() => t.close());

const get = (app: App, url: string, access: string) => app.inject({ url, headers: { authorization: `Bearer ${access}` } });
const me = (access: string, app: App = t.app) => get(app, '/social/profiles/me/', access);
const cached = (access: string) =>
  t.ctx.repositories.auth.cache.get(verifyAccessToken(t.config.jwtSecret, access) ?? { id: 0, session: '' });

/** Until the announcement of a change committed on any connection has reached the app. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 5_000, interval: 20 });

describe('the sign-in cache', () => {
  it('answers a signed-in request from memory after the first one', async () => {
    const user = await createUser(t.db);
    const access = await accessTokenFor(t.app, user);
    expect(cached(access)).toBeUndefined();
    expect((await me(access)).statusCode).toBe(200);
    expect(cached(access)).toMatchObject({ id: user.id, role: user.role });
    // Proof that the second request does not ask the database: with the announcement switched
    // off, a deactivation is not seen...
    await t.db.execute(sql`alter table users disable trigger users_announce_sign_in_change`);
    try {
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await me(access)).statusCode).toBe(200);
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_announce_sign_in_change`);
    }
    // ...and with it on, the same change is.
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await eventually(async () => expect((await me(access)).statusCode).toBe(401));
    expect(cached(access)).toBeUndefined();
  });

  it('refuses a person deactivated, deleted or demoted, or a session ended, by any writer of the database', async () => {
    const deactivated = await createUser(t.db);
    const deleted = await createUser(t.db);
    const demoted = await createUser(t.db, { role: 'AD' });
    const ended = await createUser(t.db);
    const tokens = await Promise.all([deactivated, deleted, demoted, ended].map((user) => accessTokenFor(t.app, user)));
    const [deactivatedAccess, deletedAccess, demotedAccess, endedAccess] = tokens as [string, string, string, string];
    for (const access of tokens) expect((await me(access)).statusCode).toBe(200);
    expect((await get(t.app, '/api/test/admin-only/', demotedAccess)).statusCode).toBe(200);

    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    await t.db.delete(users).where(eq(users.id, deleted.id));
    await t.db.update(users).set({ role: 'AL' }).where(eq(users.id, demoted.id));
    await t.db.update(sessionFamilies).set({ endedAt: new Date() }).where(eq(sessionFamilies.userId, ended.id));

    await eventually(async () => {
      expect((await me(deactivatedAccess)).statusCode).toBe(401);
      expect((await me(deletedAccess)).statusCode).toBe(401);
      expect((await get(t.app, '/api/test/admin-only/', demotedAccess)).statusCode).toBe(403);
      expect((await me(endedAccess)).statusCode).toBe(401);
    });
  });

  it("forgets at once what this app changed itself: a logout, an administrator's role change", async () => {
    const admin = await createUser(t.db, { role: 'AD' });
    const trainee = await createUser(t.db, { role: 'TR' });
    const traineeAccess = await accessTokenFor(t.app, trainee);
    expect((await me(traineeAccess)).json()).toMatchObject({ role: 'TR' });
    expect(cached(traineeAccess)?.role).toBe('TR');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/users/admin/update-role/',
      headers: { authorization: `Bearer ${await accessTokenFor(t.app, admin)}` },
      payload: { user_id: trainee.id, role: 'AL' },
    });
    expect(changed.statusCode).toBe(200);
    expect(cached(traineeAccess)).toBeUndefined();

    const leaving = await createUser(t.db);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: leaving.email, password: leaving.password },
    });
    const { access, refresh } = signIn.json<{ access: string; refresh: string }>();
    expect((await me(access)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { authorization: `Bearer ${access}` },
      payload: { refresh },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(access)).statusCode).toBe(401);
  });
});

describe('tokens issued since the listening began (decision record 028)', () => {
  // A token issued more than SIGN_IN_NEWS_CLOCK_MARGIN_MS after the app began listening, whose
  // person has had no change announced since, is answered from its claims. Date alone is faked
  // (timers and the database run for real) to be that far past the start without waiting.
  afterEach(() => vi.useRealTimers());
  const later = async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SIGN_IN_NEWS_CLOCK_MARGIN_MS + 2_000);
  };

  it('answers the first request of such a token without asking the database', async () => {
    await later();
    const user = await createUser(t.db);
    const access = await accessTokenFor(t.app, user);
    const before = await accessTokenFor(t.app, user, new Date(Date.now() - SIGN_IN_NEWS_CLOCK_MARGIN_MS - 60_000));
    // The person deactivated with the announcement switched off: only the database knows.
    await t.db.execute(sql`alter table users disable trigger users_announce_sign_in_change`);
    try {
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
      expect((await me(access)).statusCode).toBe(200);
      // A token issued before the listening began is still checked against the database.
      expect((await me(before)).statusCode).toBe(401);
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_announce_sign_in_change`);
    }
  });

  it('refuses such a token at once after a change of its person, by any writer of the database', async () => {
    await later();
    const ended = await createUser(t.db);
    const demoted = await createUser(t.db, { role: 'AD' });
    const renamed = await createUser(t.db);
    const endedAccess = await accessTokenFor(t.app, ended);
    const demotedAccess = await accessTokenFor(t.app, demoted);
    const renamedAccess = await accessTokenFor(t.app, renamed);
    expect((await me(endedAccess)).statusCode).toBe(200);
    expect((await get(t.app, '/api/test/admin-only/', demotedAccess)).statusCode).toBe(200);
    expect(cached(renamedAccess)).toBeUndefined();
    expect((await me(renamedAccess)).json()).toMatchObject({ email: renamed.email });

    await t.db.update(sessionFamilies).set({ endedAt: new Date() }).where(eq(sessionFamilies.userId, ended.id));
    await t.db.update(users).set({ role: 'AL' }).where(eq(users.id, demoted.id));
    await t.db
      .update(users)
      .set({ email: `new-${renamed.email}` })
      .where(eq(users.id, renamed.id));

    await eventually(async () => {
      expect((await me(endedAccess)).statusCode).toBe(401);
      expect((await get(t.app, '/api/test/admin-only/', demotedAccess)).statusCode).toBe(403);
      expect((await me(renamedAccess)).json()).toMatchObject({ email: `new-${renamed.email}` });
      expect(cached(renamedAccess)?.email).toBe(`new-${renamed.email}`);
    });
  });
});

describe('the sign-in cache at shutdown', () => {
  it('goes off without a warning that the channel is lost: closing stops it, nothing reconnects', async () => {
    const closing = await createTestApp();
    await closing.app.ready();
    await vi.waitFor(() => expect(closing.ctx.repositories.auth.cache.enabled).toBe(true));
    const warn = vi.spyOn(closing.app.log, 'warn');
    await closing.close();
    expect(closing.ctx.repositories.auth.cache.enabled).toBe(false);
    expect(warn.mock.calls.flat().map(String)).not.toContainEqual(expect.stringContaining('sign-in cache off'));
  });
});

describe.runIf(onPostgres)('the sign-in cache on PostgreSQL', () => {
  it('is off while its listening connection is lost, and on again once it is back', async () => {
    const user = await createUser(t.db);
    const access = await accessTokenFor(t.app, user);
    expect((await me(access)).statusCode).toBe(200);
    expect(cached(access)).toBeDefined();
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN alumlink_sign_in_changes'`,
    );
    await vi.waitFor(() => expect(t.ctx.repositories.auth.cache.enabled).toBe(false));
    expect(cached(access)).toBeUndefined();
    // Still served (from the database) while the channel is away.
    expect((await me(access)).statusCode).toBe(200);
    await vi.waitFor(() => expect(t.ctx.repositories.auth.cache.enabled).toBe(true), { timeout: 10_000 });
    expect((await me(access)).statusCode).toBe(200);
    expect(cached(access)).toBeDefined();
  });

  it('tells another instance on the same database: a logout there is refused here', async () => {
    const second = await startSecondInstance(t, { config: createTestConfig() });
    const other = second.app;
    try {
      await vi.waitFor(() => expect(other.ctx.repositories.auth.cache.enabled).toBe(true));
      const user = await createUser(t.db);
      const signIn = await other.inject({ method: 'POST', url: '/api/token/', payload: { email: user.email, password: user.password } });
      const { access, refresh } = signIn.json<{ access: string; refresh: string }>();
      expect((await me(access)).statusCode).toBe(200);
      expect(cached(access)).toBeDefined();
      const logout = await other.inject({
        method: 'POST',
        url: '/api/auth/logout/',
        headers: { authorization: `Bearer ${access}` },
        payload: { refresh },
      });
      expect(logout.statusCode).toBe(200);
      await eventually(async () => expect((await me(access)).statusCode).toBe(401));
    } finally {
      await second.close();
    }
  });
});
