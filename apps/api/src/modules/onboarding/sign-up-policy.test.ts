import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
let admin: TestUser;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
  admin = await createUser(t.db, { role: 'AD' });
});
afterAll(() => t.close());

async function setPolicy(payload: object) {
  return t.app.inject({ method: 'PUT', url: '/api/admin/sign-up-policy/', headers: await authHeader(t.app, admin), payload });
}

const register = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/users/register/',
    payload: { first_name: 'New', last_name: 'Person', email, password: 'correct horse 1', password_confirm: 'correct horse 1' },
  });
const fresh = (domain: string) => `person-${++serial}-${Date.now()}@${domain}`;

describe('the sign-up policy', () => {
  it('is open by default, for the admin and on the public route', async () => {
    const shown = await t.app.inject({ method: 'GET', url: '/api/admin/sign-up-policy/', headers: await authHeader(t.app, admin) });
    expect(shown.json()).toEqual({ mode: 'open', domains: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/sign-up-policy/' })).json()).toEqual({ mode: 'open', domains: [] });
    expect((await register(fresh('anywhere.net'))).statusCode).toBe(201);
  });

  it('invite_only: registration answers 403 invite_only', async () => {
    expect((await setPolicy({ mode: 'invite_only', domains: [] })).json()).toEqual({ mode: 'invite_only', domains: [] });
    const refused = await register(fresh('anywhere.net'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'invite_only' });
    expect((await t.app.inject({ method: 'GET', url: '/api/sign-up-policy/' })).json()).toMatchObject({ mode: 'invite_only' });
  });

  it('domains: only e-mails of the listed domains register (case and @ forgiven)', async () => {
    const saved = await setPolicy({ mode: 'domains', domains: ['@Example.org', 'school.edu', 'school.edu'] });
    expect(saved.json()).toEqual({ mode: 'domains', domains: ['example.org', 'school.edu'] });
    expect((await register(fresh('example.org'))).statusCode).toBe(201);
    expect((await register(fresh('SCHOOL.EDU'))).statusCode).toBe(201);
    const refused = await register(fresh('sub.example.org'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'domain_not_allowed' });
    expect(refused.json<{ detail: string }>().detail).toContain('@example.org');
  });

  it('refuses a domains policy without domains and malformed domains; logs each change', async () => {
    const empty = await setPolicy({ mode: 'domains', domains: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('domains');
    expect((await setPolicy({ mode: 'domains', domains: ['not a domain'] })).statusCode).toBe(400);
    expect((await setPolicy({ mode: 'closed' })).statusCode).toBe(400);
    expect((await setPolicy({ mode: 'open', domains: ['kept.org'] })).json()).toEqual({ mode: 'open', domains: [] });
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'sign_up_policy.update'));
    expect(logged.length).toBeGreaterThanOrEqual(3);
    expect(logged.at(-1)?.details).toMatchObject({ to: { mode: 'open' } });
  });

  it('lets invited people join whatever the policy', async () => {
    await setPolicy({ mode: 'invite_only', domains: [] });
    const email = fresh('elsewhere.com');
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations/',
      headers: await authHeader(t.app, admin),
      payload: { email, role: 'TR' },
    });
    expect(invited.statusCode).toBe(201);
  });
});
