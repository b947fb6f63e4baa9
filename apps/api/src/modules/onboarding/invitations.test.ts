import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cohortMembers, invitations, users } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, emailsTo, type TestApp, type TestUser } from '../../test/index';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: TestUser;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
  admin = await createUser(t.db, { role: 'AD', firstName: 'Grace', lastName: 'Hopper' });
});
afterAll(() => t.close());

const freshEmail = () => `invitee-${++serial}-${Date.now()}@example.org`;

async function asAdmin(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await authHeader(t.app, admin), ...(payload ? { payload } : {}) });
}

/** The token of the newest invitation e-mail to `email` (the link's `token` parameter). */
async function tokenSentTo(email: string): Promise<string> {
  const [latest] = await emailsTo(t.db, email);
  const token = latest ? /\/join\?token=([A-Za-z0-9_-]+)/.exec(latest.textBody)?.[1] : undefined;
  if (!token) throw new Error(`no invitation e-mail to ${email}`);
  return token;
}

async function invite(fields: Record<string, unknown> = {}) {
  const email = freshEmail();
  const answer = await asAdmin('POST', '/api/admin/invitations/', { email, role: 'AL', first_name: 'Ada', ...fields });
  expect(answer.statusCode).toBe(201);
  return { email, invitation: answer.json<{ id: number; status: string }>(), token: await tokenSentTo(email) };
}

const accept = (token: string, payload: object = { password: 'correct horse 1', password_confirm: 'correct horse 1' }) =>
  t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept/`, payload });

describe('invitations', () => {
  it('e-mails a /join link whose token is stored only hashed, and shows who invited for what', async () => {
    const cohort = await asAdmin('POST', '/api/admin/cohorts/', { name: `Spring ${Date.now()}`, year: 2026, alumni_from: '2026-12-01' });
    const { email, invitation, token } = await invite({ role: 'IN', cohort_id: cohort.json<{ id: number }>().id, last_name: 'Lovelace' });
    expect(invitation).toMatchObject({ status: 'pending', role: 'IN', invited_by: 'Grace Hopper', sent_count: 1 });
    const [mail] = await emailsTo(t.db, email);
    expect(mail?.textBody).toContain(`${t.config.publicUrl}/join?token=`);
    expect(mail?.textBody).toContain('Grace Hopper invited you to join');
    const [row] = await t.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const shown = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}/` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'IN',
      invited_by: 'Grace Hopper',
      cohort: expect.stringMatching(/^Spring/),
    });
  });

  it('accepting creates a verified account with that role and cohort, signed in; the link then answers 410', async () => {
    const cohort = await asAdmin('POST', '/api/admin/cohorts/', { name: `Autumn ${Date.now()}`, year: 2027, alumni_from: '2027-06-01' });
    const cohortId = cohort.json<{ id: number }>().id;
    const { email, token } = await invite({ role: 'IN', cohort_id: cohortId });
    const answer = await accept(token, { password: 'correct horse 1', password_confirm: 'correct horse 1', first_name: 'Augusta' });
    expect(answer.statusCode).toBe(200);
    const { access } = answer.json<{ access: string; refresh: string }>();
    const me = await t.app.inject({ method: 'GET', url: '/social/user-profiles/me/', headers: { authorization: `Bearer ${access}` } });
    expect(me.statusCode).toBe(200);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ role: 'IN', firstName: 'Augusta', lastName: '', cohortYear: 2027 });
    expect(account?.emailVerifiedAt).not.toBeNull();
    const [membership] = await t.db
      .select()
      .from(cohortMembers)
      .where(eq(cohortMembers.userId, account?.id ?? 0));
    expect(membership?.cohortId).toBe(cohortId);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email, password: 'correct horse 1' } });
    expect(signIn.statusCode).toBe(200);

    for (const answerOf of [() => accept(token), () => t.app.inject({ method: 'GET', url: `/api/invitations/${token}/` })]) {
      const gone = await answerOf();
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ code: 'invitation_gone' });
    }
    const accepted = await asAdmin('GET', '/api/admin/invitations/?status=accepted&limit=100');
    expect(accepted.json<{ results: { email: string }[] }>().results.map((row) => row.email)).toContain(email);
  });

  it('answers 410 for revoked, expired and unknown links; resend gives a new link and kills the old one', async () => {
    const revoked = await invite();
    expect((await asAdmin('POST', `/api/admin/invitations/${revoked.invitation.id}/revoke/`)).json()).toMatchObject({ status: 'revoked' });
    expect((await accept(revoked.token)).statusCode).toBe(410);
    expect((await asAdmin('POST', `/api/admin/invitations/${revoked.invitation.id}/resend/`)).statusCode).toBe(409);

    const expired = await invite();
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(invitations.id, expired.invitation.id));
    expect((await accept(expired.token)).statusCode).toBe(410);
    const listed = await asAdmin('GET', '/api/admin/invitations/?status=expired&limit=100');
    expect(listed.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toContain(expired.invitation.id);

    const resent = await asAdmin('POST', `/api/admin/invitations/${expired.invitation.id}/resend/`);
    expect(resent.json()).toMatchObject({ status: 'pending', sent_count: 2 });
    const newToken = await tokenSentTo(expired.email);
    expect(newToken).not.toBe(expired.token);
    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${expired.token}/` })).statusCode).toBe(410);
    expect((await accept(newToken)).statusCode).toBe(200);

    expect((await t.app.inject({ method: 'GET', url: `/api/invitations/${'x'.repeat(43)}/` })).statusCode).toBe(410);
    expect((await t.app.inject({ method: 'GET', url: '/api/invitations/short/' })).statusCode).toBe(400);
    const actions = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, expired.invitation.id));
    expect(actions.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['invitation.create', 'invitation.resend', 'invitation.accept']),
    );
  });

  it('uses a link once even when accepted twice at the same time', async () => {
    const { token } = await invite();
    const answers = await Promise.all([accept(token), accept(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
  });

  it('refuses an existing member, a second pending invitation, an unknown cohort and bad input', async () => {
    const member = await createUser(t.db);
    expect((await asAdmin('POST', '/api/admin/invitations/', { email: member.email, role: 'TR' })).statusCode).toBe(400);
    const { email } = await invite();
    const again = await asAdmin('POST', '/api/admin/invitations/', { email: email.toUpperCase(), role: 'TR' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_invited' });
    const noCohort = await asAdmin('POST', '/api/admin/invitations/', { email: freshEmail(), role: 'TR', cohort_id: 999999 });
    expect(noCohort.json()).toHaveProperty('cohort_id');
    const bad = await asAdmin('POST', '/api/admin/invitations/', { email: 'nope', role: 'AD' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['email', 'role']));
    const { token } = await invite();
    const mismatch = await accept(token, { password: 'correct horse 1', password_confirm: 'different 2' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toHaveProperty('password_confirm');
    expect((await asAdmin('GET', '/api/admin/invitations/?status=lost')).statusCode).toBe(400);
  });

  it('pages the list by cursor, newest first', async () => {
    await invite();
    await invite();
    const first = await asAdmin('GET', '/api/admin/invitations/?status=pending&limit=1');
    const page = first.json<{ results: { id: number }[]; next: string }>();
    expect(page.results).toHaveLength(1);
    const second = await asAdmin('GET', `/api/admin/invitations/?status=pending&limit=1&cursor=${page.next}`);
    const nextPage = second.json<{ results: { id: number }[] }>();
    expect(nextPage.results[0]?.id).toBeLessThan(page.results[0]?.id ?? 0);
  });
});

describe('invitation links are rate-limited', () => {
  it('answers 429 after too many reads from one address', async () => {
    const limited = await createTestApp({ rateLimitMultiplier: 0.1 });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 8; index += 1) {
        statuses.push((await limited.app.inject({ method: 'GET', url: `/api/invitations/${'y'.repeat(43)}/` })).statusCode);
      }
      expect(statuses).toContain(429);
    } finally {
      await limited.close();
    }
  });
});
