import { AUTH_MESSAGES, LIMITS } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshSessions, sessionFamilies, users } from '../../db/schema/index';
import { hashRefreshToken } from '../../lib/tokens';
import { authHeader, createRefreshSession, createSessionFamily, useTestApp, createUser, emailsTo, lastCodeSentTo } from '../../test/index';

const t = useTestApp({ rateLimitMultiplier: 100 });

const INVALID_CREDENTIALS = { detail: AUTH_MESSAGES.invalidCredentials, code: 'invalid_credentials' };
const TOKEN_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const me = (access: string) => t.app.inject({ url: '/social/user-profiles/me/', headers: { authorization: `Bearer ${access}` } });

async function signIn(email: string, password: string): Promise<{ access: string; refresh: string }> {
  const response = await post('/api/token/', { email, password });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/token/', () => {
  it('signs a verified person in with e-mail and password', async () => {
    const user = await createUser(t.db, { firstName: 'Grace' });
    const tokens = await signIn(`  ${user.email.toUpperCase()} `, user.password);
    expect(tokens.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const profile = await me(tokens.access);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: user.id, email: user.email, first_name: 'Grace', role: 'TR' });
    // Only the SHA-256 of the refresh token is stored.
    const [session] = await t.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.tokenHash).not.toBe(tokens.refresh);
  });

  it('gives the same 401 for a wrong password, an unknown e-mail and an inactive account', async () => {
    const user = await createUser(t.db);
    const inactive = await createUser(t.db, { isActive: false });
    const answers = [
      await post('/api/token/', { email: user.email, password: 'wrong-password-1' }),
      await post('/api/token/', { email: 'nobody@example.com', password: 'whatever-1' }),
      await post('/api/token/', { email: inactive.email, password: inactive.password }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(INVALID_CREDENTIALS);
    }
    const missing = await post('/api/token/', { email: '', password: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ email: ['This field is required.'], password: ['This field is required.'] });
  });

  it('refuses an unverified account with the message and re-sends a code (once a minute)', async () => {
    const user = await createUser(t.db, { verified: false });
    const refused = await post('/api/token/', { email: user.email, password: user.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: AUTH_MESSAGES.unverified, code: 'email_not_verified' });
    expect(await emailsTo(t.db, user.email)).toHaveLength(1);
    await post('/api/token/', { email: user.email, password: user.password });
    expect(await emailsTo(t.db, user.email)).toHaveLength(1);
    // A wrong password does not reveal that the account is unverified.
    const wrong = await post('/api/token/', { email: user.email, password: 'wrong-password-1' });
    expect(wrong.json()).toEqual(INVALID_CREDENTIALS);
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates the refresh token; reusing a used one revokes the whole family', async () => {
    const user = await createUser(t.db);
    const first = await signIn(user.email, user.password);
    const other = await signIn(user.email, user.password);

    const rotated = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second.access)).statusCode).toBe(200);

    const reused = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(TOKEN_NOT_VALID);
    // The thief's replay killed the successor too...
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).statusCode).toBe(401);
    // ...but not the person's other sign-in.
    expect((await post('/api/token/refresh/', { refresh: other.refresh })).statusCode).toBe(200);

    const [old] = await t.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id)).orderBy(refreshSessions.id);
    expect(old?.revokedAt).toBeInstanceOf(Date);
    expect(old?.replacedBy).toEqual(expect.any(Number));
  });

  it('rotates a token once when two refreshes of it arrive together (the second is a reuse)', async () => {
    const user = await createUser(t.db);
    const tokens = await signIn(user.email, user.password);
    const responses = await Promise.all([0, 1].map(() => post('/api/token/refresh/', { refresh: tokens.refresh })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401]);
    const winner = responses.find((response) => response.statusCode === 200)?.json();
    // The reuse revoked the family, the winner's new token included.
    expect((await post('/api/token/refresh/', { refresh: winner.refresh })).statusCode).toBe(401);
    const sessions = await t.db.select().from(refreshSessions).where(eq(refreshSessions.userId, user.id));
    expect(sessions).toHaveLength(2);
    expect(sessions.every((session) => session.revokedAt !== null)).toBe(true);
  });

  it('refuses unknown, expired and deactivated sessions', async () => {
    expect((await post('/api/token/refresh/', { refresh: 'not-a-token' })).json()).toEqual(TOKEN_NOT_VALID);
    const user = await createUser(t.db);
    const expired = await signIn(user.email, user.password);
    await t.db
      .update(refreshSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshSessions.userId, user.id));
    expect((await post('/api/token/refresh/', { refresh: expired.refresh })).statusCode).toBe(401);

    const leaving = await createUser(t.db);
    const tokens = await signIn(leaving.email, leaving.password);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).json()).toEqual(TOKEN_NOT_VALID);
    expect((await post('/api/token/refresh/', {})).statusCode).toBe(400);
  });

  it('ends a family 30 days after its sign-in even when it was rotated yesterday', async () => {
    const user = await createUser(t.db);
    const day = 24 * 60 * 60 * 1000;
    /** A family signed in `startedDaysAgo` days ago whose live token was issued yesterday. */
    const familyRotatedYesterday = async (startedDaysAgo: number) => {
      const { id: family } = await createSessionFamily(t.db, { userId: user.id, startedAt: new Date(Date.now() - startedDaysAgo * day) });
      const { token } = await createRefreshSession(t.db, {
        userId: user.id,
        family,
        // What rotation used to do: 30 days from the last rotation.
        expiresAt: new Date(Date.now() + (LIMITS.refreshTokenDays - 1) * day),
        createdAt: new Date(Date.now() - day),
      });
      return { family, token };
    };
    const old = await familyRotatedYesterday(LIMITS.refreshTokenDays);
    const refused = await post('/api/token/refresh/', { refresh: old.token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(TOKEN_NOT_VALID);

    const young = await familyRotatedYesterday(LIMITS.refreshTokenDays - 1);
    const rotated = await post('/api/token/refresh/', { refresh: young.token });
    expect(rotated.statusCode).toBe(200);
    // The new token expires with the family (a day from now), not 30 days after this rotation.
    const [started] = await t.db.select().from(sessionFamilies).where(eq(sessionFamilies.id, young.family));
    const [next] = await t.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.tokenHash, hashRefreshToken(rotated.json().refresh)));
    expect(next?.expiresAt.getTime()).toBe((started?.startedAt.getTime() ?? 0) + LIMITS.refreshTokenDays * day);
    expect((await me(rotated.json().access)).statusCode).toBe(200);
  });

  it("ends a reused family's access tokens too", async () => {
    const user = await createUser(t.db);
    const first = await signIn(user.email, user.password);
    const second = (await post('/api/token/refresh/', { refresh: first.refresh })).json();
    expect((await me(second.access)).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: first.refresh })).statusCode).toBe(401);
    expect((await me(second.access)).json()).toEqual(TOKEN_NOT_VALID);
    expect((await me(first.access)).json()).toEqual(TOKEN_NOT_VALID);
  });
});

describe('POST /api/auth/logout/', () => {
  it("revokes the given session's family only, its access token at once", async () => {
    const user = await createUser(t.db);
    const kept = await signIn(user.email, user.password);
    const ended = await signIn(user.email, user.password);
    const response = await post('/api/auth/logout/', { refresh: ended.refresh }, { authorization: `Bearer ${ended.access}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.loggedOut });
    const after = await me(ended.access);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(TOKEN_NOT_VALID);
    expect((await post('/api/token/refresh/', { refresh: ended.refresh })).statusCode).toBe(401);
    // The person's other sign-in keeps working.
    expect((await me(kept.access)).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: kept.refresh })).statusCode).toBe(200);
  });

  it('ends the sign-in of the access token used even with a stale refresh token', async () => {
    const user = await createUser(t.db);
    const tokens = await signIn(user.email, user.password);
    const response = await post('/api/auth/logout/', { refresh: 'stale-or-unknown' }, { authorization: `Bearer ${tokens.access}` });
    expect(response.statusCode).toBe(200);
    expect((await me(tokens.access)).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(401);
  });

  it("ignores another person's refresh token", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const tokens = await signIn(owner.email, owner.password);
    const response = await post('/api/auth/logout/', { refresh: tokens.refresh }, await authHeader(t.app, stranger));
    expect(response.statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: tokens.refresh })).statusCode).toBe(200);
  });

  it('accepts an empty body and then revokes every session of the person', async () => {
    const user = await createUser(t.db);
    const a = await signIn(user.email, user.password);
    const b = await signIn(user.email, user.password);
    const headers = await authHeader(t.app, user);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers });
    expect(noBody.statusCode).toBe(200);
    // That ended the sign-in of `headers` too.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout/', headers })).statusCode).toBe(401);
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { ...(await authHeader(t.app, user)), 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(200);
    for (const session of [a, b]) {
      expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      expect((await me(session.access)).statusCode).toBe(401);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { ...(await authHeader(t.app, user)), 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('requires a signed-in person', async () => {
    const response = await post('/api/auth/logout/', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(NOT_AUTHENTICATED);
  });
});

describe('POST /users/reset-password/', () => {
  it('sets the new password and revokes every session', async () => {
    const user = await createUser(t.db);
    const sessions = [await signIn(user.email, user.password), await signIn(user.email, user.password)];
    await post('/users/forgot-password/', { email: user.email });
    const otp = await lastCodeSentTo(t.db, user.email);
    const mismatch = await post('/users/reset-password/', {
      email: user.email,
      otp,
      password: 'new-password-1',
      password_confirm: 'other-1',
    });
    expect(mismatch.json()).toEqual({ password_confirm: [AUTH_MESSAGES.passwordsDontMatch] });

    const response = await post('/reset-password/', {
      email: user.email,
      otp,
      password: 'new-password-1',
      password_confirm: 'new-password-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.passwordReset });
    for (const session of sessions) {
      expect((await post('/api/token/refresh/', { refresh: session.refresh })).statusCode).toBe(401);
      expect((await me(session.access)).json()).toEqual(TOKEN_NOT_VALID);
    }
    expect((await post('/api/token/', { email: user.email, password: user.password })).statusCode).toBe(401);
    await signIn(user.email, 'new-password-1');
    // The code is spent.
    const again = await post('/users/reset-password/', {
      email: user.email,
      otp,
      password: 'third-password-1',
      password_confirm: 'third-password-1',
    });
    expect(again.json()).toEqual({ detail: AUTH_MESSAGES.otpInvalid, code: 'invalid_otp' });
  });

  it('refuses a wrong code and an unknown e-mail alike', async () => {
    const user = await createUser(t.db);
    await post('/users/forgot-password/', { email: user.email });
    const otp = await lastCodeSentTo(t.db, user.email);
    const wrong = otp === '123456' ? '654321' : '123456';
    const body = { otp: wrong, password: 'new-password-1', password_confirm: 'new-password-1' };
    const known = await post('/users/reset-password/', { ...body, email: user.email });
    const unknown = await post('/users/reset-password/', { ...body, email: 'nobody@example.com' });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({ detail: AUTH_MESSAGES.otpInvalid, code: 'invalid_otp' });
    expect(unknown.json()).toEqual(known.json());
    await signIn(user.email, user.password);
  });
});
