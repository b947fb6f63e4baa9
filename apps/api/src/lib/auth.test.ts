import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index';
import { accessTokenFor, authHeader, useTestApp, createUser, startTestSession } from '../test/index';
import { adminOnly } from './auth';
import { signAccessToken } from './tokens';

const t = useTestApp();

const TOKEN_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };

beforeAll(async () => {
  t.app.get('/api/test/admin-only/', adminOnly(t.app), async (request) => ({
    id: request.user.id,
    role: request.user.role,
  }));
});

const me = (access: string) => t.app.inject({ url: '/social/user-profiles/me/', headers: { authorization: `Bearer ${access}` } });

describe('authenticate and adminOnly', () => {
  it('answers 401 without, or with a bad, token', async () => {
    const none = await t.app.inject({ url: '/social/profiles/me/' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(NOT_AUTHENTICATED);
    for (const authorization of ['Bearer nonsense', 'Basic dXNlcjpwYXNz', 'Bearer', `Bearer ${'a'.repeat(5000)}`]) {
      const response = await t.app.inject({ url: '/social/profiles/me/', headers: { authorization } });
      expect(response.statusCode, authorization.slice(0, 20)).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    }
  });

  it('refuses a token signed with another key', async () => {
    const user = await createUser(t.db);
    const session = await startTestSession(t.db, user.id);
    const forged = await signAccessToken('another-secret-0123456789-abcdefghijklmnop', {
      id: user.id,
      role: 'AD',
      isStaff: true,
      email: user.email,
      session,
    });
    expect((await me(forged)).json()).toEqual(TOKEN_NOT_VALID);
  });

  it('lets an access token live 15 minutes', async () => {
    const user = await createUser(t.db);
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000);
    expect((await me(await accessTokenFor(t.app, user, minutesAgo(14)))).statusCode).toBe(200);
    const expired = await me(await accessTokenFor(t.app, user, minutesAgo(16)));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(TOKEN_NOT_VALID);
  });

  it('refuses a deleted or deactivated person at once', async () => {
    const deleted = await createUser(t.db);
    const deactivated = await createUser(t.db);
    const deletedHeaders = await authHeader(t.app, deleted);
    const deactivatedHeaders = await authHeader(t.app, deactivated);
    await t.db.delete(users).where(eq(users.id, deleted.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, deactivated.id));
    for (const headers of [deletedHeaders, deactivatedHeaders]) {
      const response = await t.app.inject({ url: '/social/profiles/me/', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(TOKEN_NOT_VALID);
    }
  });

  it('lets only admins through adminOnly with the 403 shape otherwise', async () => {
    const trainee = await createUser(t.db, { role: 'TR' });
    const admin = await createUser(t.db, { role: 'AD' });
    const refused = await t.app.inject({ url: '/api/test/admin-only/', headers: await authHeader(t.app, trainee) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'forbidden' });
    const allowed = await t.app.inject({ url: '/api/test/admin-only/', headers: await authHeader(t.app, admin) });
    expect(allowed.json()).toEqual({ id: admin.id, role: 'AD' });
    expect((await t.app.inject({ url: '/api/test/admin-only/' })).statusCode).toBe(401);
  });

  it('uses the role in the database, not the one in the token', async () => {
    const demoted = await createUser(t.db, { role: 'AD' });
    const headers = await authHeader(t.app, demoted);
    await t.db.update(users).set({ role: 'AL', isStaff: false }).where(eq(users.id, demoted.id));
    expect((await t.app.inject({ url: '/api/test/admin-only/', headers })).statusCode).toBe(403);
  });
});

describe('GET /social/user-profiles/me/ and /social/profiles/me/', () => {
  it('answers the signed-in user in the userSchema shape under both paths', async () => {
    const user = await createUser(t.db, {
      role: 'AL',
      handle: 'grace',
      bio: 'COBOL',
      skills: 'compilers, navy',
      countryCode: '+1',
      phoneNumber: '5550100',
      image: 'avatars/g.webp',
    });
    const headers = await authHeader(t.app, user);
    const a = await t.app.inject({ url: '/social/user-profiles/me/', headers });
    const b = await t.app.inject({ url: '/social/profiles/me/', headers });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(a.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: 'AL',
      is_staff: false,
      handle: 'grace',
      bio: 'COBOL',
      skills: 'compilers, navy',
      image: '/media/avatars/g.webp',
      country_code: '+1',
      phone_number: '5550100',
      phone: '+1 5550100',
      profile: { profile_image: '/media/avatars/g.webp' },
      headline: '',
      company: '',
      job_title: '',
      location: '',
      cohort_year: null,
      open_to_referrals: false,
      created_at: user.createdAt.toISOString(),
    });
    const alias = await t.app.inject({ url: '/alumlink/social/profiles/me/', headers });
    expect(alias.statusCode).toBe(200);
  });
});
