import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortMembers, invitations, ssoHandoffs, users } from '../../db/schema/index';
import { verifyAccessToken } from '../../lib/tokens';
import { authHeader, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';
import { startTestProvider, type TestProvider } from '../../test/oidc-test-provider';
import { callback, signInAtProvider } from './sso-test-driver';

let provider: TestProvider;
let t: TestApp;
let admin: TestUser;
let serial = 0;
const fresh = (name: string) => `${name}-${++serial}-${Date.now()}@example.org`;

beforeAll(async () => {
  provider = await startTestProvider('http://localhost:3000/api/auth/oidc/callback/');
  t = await createTestApp({
    rateLimitMultiplier: 100,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, label: 'Sign in with Acme' },
  });
  admin = await createUser(t.db, { role: 'AD' });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** A whole sign-in of the provider's `login` up to the callback's redirect. */
async function ssoAs(login: string): Promise<URL> {
  return callback(t.app, await signInAtProvider(t.app, login));
}

const exchange = (code: string) => t.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange/', payload: { code } });
const setPolicy = async (mode: string) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/sign-up-policy/', headers: await authHeader(t.app, admin), payload: { mode } });

/** The one-time code of a successful callback, exchanged: the signed-in person's id. */
async function signedInAs(location: URL): Promise<number> {
  expect(location.pathname).toBe('/login/sso');
  const code = location.searchParams.get('code') ?? '';
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const answer = await exchange(code);
  expect(answer.statusCode).toBe(200);
  const tokens = answer.json<{ access: string; refresh: string }>();
  expect(tokens.refresh).toEqual(expect.any(String));
  const subject = verifyAccessToken(t.config.jwtSecret, tokens.access);
  if (!subject) throw new Error('no valid access token');
  return subject.id;
}

describe('single sign-on (OpenID Connect)', () => {
  it('tells the web whether it is on and the button text', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/' });
    expect(status.json()).toEqual({ enabled: true, label: 'Sign in with Acme' });
  });

  it('starts with the code flow, PKCE (S256), state and nonce, keeping them in a sealed HttpOnly cookie', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start/' });
    expect(start.statusCode).toBe(302);
    const target = new URL(String(start.headers.location));
    expect(target.origin).toBe(provider.issuer);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: 'http://localhost:3000/api/auth/oidc/callback/',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(target.searchParams.get(name)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/^alumlink_sso=[^;]+; Path=\/api\/auth\/oidc\/; Max-Age=600; HttpOnly; SameSite=Lax$/);
    // Sealed: neither the state nor anything else readable in it.
    expect(cookie).not.toContain(target.searchParams.get('state'));
  });

  it('signs a new person up with a verified e-mail: their names, verified, a trainee; the code works once', async () => {
    const email = fresh('new');
    provider.addPerson('new-person', { email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace' });
    const location = await ssoAs('new-person');
    const code = location.searchParams.get('code') ?? '';
    const userId = await signedInAs(location);
    const [account] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(account).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', role: 'TR', isActive: true });
    expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
    // Stored hashed only.
    const stored = await t.db.select().from(ssoHandoffs).where(eq(ssoHandoffs.userId, userId));
    expect(JSON.stringify(stored)).not.toContain(code);

    // A replayed code is refused.
    const replay = await exchange(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'sso_code_invalid' });
  });

  it('links an existing account by its e-mail (any case), and signs in again later', async () => {
    const person = await createUser(t.db, { email: fresh('known'), role: 'AL' });
    provider.addPerson('known-person', { email: person.email.toUpperCase(), email_verified: true });
    expect(await signedInAs(await ssoAs('known-person'))).toBe(person.id);
    expect(await signedInAs(await ssoAs('known-person'))).toBe(person.id);
    const [after] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(after).toMatchObject({ role: 'AL', passwordHash: person.passwordHash });
  });

  it('refuses a provider answer whose state is not the one this browser started with, or without the cookie', async () => {
    provider.addPerson('state-person', { email: fresh('state'), email_verified: true });
    const first = await signInAtProvider(t.app, 'state-person');
    const second = await signInAtProvider(t.app, 'state-person');
    const crossed = await callback(t.app, { query: second.query, cookie: first.cookie });
    expect(crossed.pathname).toBe('/login');
    expect(crossed.searchParams.get('sso_error')).toBe('state');
    const noCookie = await callback(t.app, { query: first.query, cookie: '' });
    expect(noCookie.searchParams.get('sso_error')).toBe('state');
    const altered = await callback(t.app, { query: first.query, cookie: `${first.cookie.slice(0, -2)}xx` });
    expect(altered.searchParams.get('sso_error')).toBe('state');
  });

  it('refuses an e-mail the provider has not verified, and makes no account', async () => {
    const email = fresh('unverified');
    provider.addPerson('unverified-person', { email, email_verified: false });
    const location = await ssoAs('unverified-person');
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('sso_error')).toBe('unverified_email');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('under invite_only, refuses someone unknown but honours a pending invitation (role, cohort)', async () => {
    expect((await setPolicy('invite_only')).statusCode).toBe(200);
    try {
      const stranger = fresh('stranger');
      provider.addPerson('stranger', { email: stranger, email_verified: true });
      const refused = await ssoAs('stranger');
      expect(refused.searchParams.get('sso_error')).toBe('invite_only');
      expect(await t.db.select().from(users).where(eq(users.email, stranger))).toHaveLength(0);

      const headers = await authHeader(t.app, admin);
      const cohort = await t.app.inject({
        method: 'POST',
        url: '/api/admin/cohorts/',
        headers,
        payload: { name: `SSO ${Date.now()}`, year: 2026, alumni_from: '2027-06-01' },
      });
      const cohortId = cohort.json<{ id: number }>().id;
      const invitee = fresh('invitee');
      const invited = await t.app.inject({
        method: 'POST',
        url: '/api/admin/invitations/',
        headers,
        payload: { email: invitee, role: 'IN', cohort_id: cohortId, first_name: 'Grace' },
      });
      expect(invited.statusCode).toBe(201);
      provider.addPerson('invitee', { email: invitee, email_verified: true });
      const userId = await signedInAs(await ssoAs('invitee'));
      const [account] = await t.db.select().from(users).where(eq(users.id, userId));
      expect(account).toMatchObject({ email: invitee, role: 'IN', firstName: 'Grace' });
      expect(await t.db.select().from(cohortMembers).where(eq(cohortMembers.userId, userId))).toEqual([
        expect.objectContaining({ cohortId }),
      ]);
      const [invitation] = await t.db.select().from(invitations).where(eq(invitations.id, invited.json<{ id: number }>().id));
      expect(invitation).toMatchObject({ acceptedUserId: userId });
    } finally {
      await setPolicy('open');
    }
  });

  it('completes a never-verified account and replaces the password whoever created it typed', async () => {
    const pending = await createUser(t.db, { email: fresh('pending'), verified: false });
    provider.addPerson('pending-person', { email: pending.email, email_verified: true });
    expect(await signedInAs(await ssoAs('pending-person'))).toBe(pending.id);
    const [after] = await t.db.select().from(users).where(eq(users.id, pending.id));
    expect(after?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(after?.passwordHash).not.toBe(pending.passwordHash);
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: pending.email, password: pending.password },
    });
    expect(password.statusCode).toBe(401);
  });

  it('refuses an inactive account', async () => {
    const gone = await createUser(t.db, { email: fresh('inactive'), isActive: false });
    provider.addPerson('inactive-person', { email: gone.email, email_verified: true });
    expect((await ssoAs('inactive-person')).searchParams.get('sso_error')).toBe('inactive');
  });

  it('refuses an unknown or expired one-time code', async () => {
    expect((await exchange('x'.repeat(43))).statusCode).toBe(400);
    const person = await createUser(t.db, { email: fresh('slow') });
    provider.addPerson('slow-person', { email: person.email, email_verified: true });
    const code = (await ssoAs('slow-person')).searchParams.get('code') ?? '';
    await t.db
      .update(ssoHandoffs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ssoHandoffs.userId, person.id));
    expect((await exchange(code)).json()).toMatchObject({ code: 'sso_code_invalid' });
  });
});

describe('single sign-on switched off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp();
  });
  afterAll(() => off.close());

  it('answers 404 on the sign-in routes and says it is off', async () => {
    expect((await off.app.inject({ method: 'GET', url: '/api/auth/oidc/' })).json()).toEqual({ enabled: false, label: null });
    expect((await off.app.inject({ method: 'GET', url: '/api/auth/oidc/start/' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: '/api/auth/oidc/callback/?code=a&state=b' })).statusCode).toBe(404);
    expect((await off.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange/', payload: { code: 'a' } })).statusCode).toBe(404);
  });
});

describe('single sign-on exchange rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ oidc: { issuer: 'http://127.0.0.1:9', clientId: 'c', clientSecret: 's', label: 'SSO' } });
  });
  afterAll(() => limited.close());

  it('limits exchanges per address like sign-in (10 a minute)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const answer = await limited.app.inject({ method: 'POST', url: '/api/auth/oidc/exchange/', payload: { code: `guess-${i}` } });
      codes.push(answer.statusCode);
    }
    expect(codes.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
