import type { JobDetail } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { authHeader, createReferral, createTestApp, createUser, createUserSettings, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
let poster: TestUser;
let viewer: TestUser;
let jobId: number;

async function alumnus(
  company: string,
  options: { open?: boolean; active?: boolean; verified?: boolean; role?: 'AL' | 'TR' } = {},
): Promise<TestUser> {
  const user = await createUser(t.db, { role: options.role ?? 'AL', isActive: options.active ?? true, verified: options.verified ?? true });
  await t.db
    .update(users)
    .set({ company, openToReferrals: options.open ?? true, headline: `Engineer at ${company}`, jobTitle: 'Engineer' })
    .where(eq(users.id, user.id));
  return user;
}

beforeAll(async () => {
  t = await createTestApp();
  poster = await createUser(t.db, { role: 'AL' });
  viewer = await createUser(t.db, { role: 'TR' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/jobs/',
    headers: await authHeader(t.app, poster),
    payload: {
      title: 'Backend Engineer',
      company: 'Acme Corp',
      location: 'Pune',
      type: 'Full-Time',
      apply_url: 'https://acme.example.com/jobs',
    },
  });
  jobId = response.json<{ id: number }>().id;
});
afterAll(() => t.close());

describe('GET /api/jobs/{id}/ alumni_at_company', () => {
  it('lists visible alumni at the company open to referrals (case-insensitive), with their open offer there, at most five', async () => {
    const withOffer = await alumnus('ACME CORP');
    const offer = await createReferral(t.db, {
      alumniId: withOffer.id,
      company: 'acme corp',
      role: 'Backend',
      ctc: '20.0',
      location: 'Pune',
      requirements: 'Go',
    });
    const plain = await alumnus('Acme Corp');
    await alumnus('Acme Corp', { open: false });
    await alumnus('Acme Corporation');
    await alumnus('Acme Corp', { active: false });
    await alumnus('Acme Corp', { verified: false });
    await alumnus('Acme Corp', { role: 'TR' });
    const hidden = await alumnus('Acme Corp');
    await createUserSettings(t.db, { userId: hidden.id, profileVisibility: 'Private' });
    // Keeps their company to themselves: not found by it (admins still see them).
    const secretCompany = await alumnus('Acme Corp');
    await createUserSettings(t.db, { userId: secretCompany.id, companyVisibleTo: 'only_me' });

    const response = await t.app.inject({ url: `/api/jobs/${jobId}/`, headers: await authHeader(t.app, viewer) });
    expect(response.statusCode).toBe(200);
    const { alumni_at_company: alumni } = response.json<JobDetail>();
    expect(alumni.count).toBe(2);
    expect(alumni.people.map((person) => [person.id, person.open_referral_id])).toEqual([
      [withOffer.id, offer?.id],
      [plain.id, null],
    ]);
    expect(alumni.people[0]).toMatchObject({ headline: 'Engineer at ACME CORP', job_title: 'Engineer' });

    for (let index = 0; index < 5; index += 1) await alumnus('acme corp');
    const more = (await t.app.inject({ url: `/api/jobs/${jobId}/`, headers: await authHeader(t.app, viewer) })).json<JobDetail>();
    expect(more.alumni_at_company.count).toBe(7);
    expect(more.alumni_at_company.people).toHaveLength(5);
    // An admin sees the private one too; nobody sees themself.
    const admin = await createUser(t.db, { role: 'AD' });
    const asAdmin = (await t.app.inject({ url: `/api/jobs/${jobId}/`, headers: await authHeader(t.app, admin) })).json<JobDetail>();
    expect(asAdmin.alumni_at_company.count).toBe(9);
    const asHidden = (await t.app.inject({ url: `/api/jobs/${jobId}/`, headers: await authHeader(t.app, hidden) })).json<JobDetail>();
    expect(asHidden.alumni_at_company.count).toBe(7);
  });

  it("carries the viewer's own latest request on each open offer (my_request), nobody else's", async () => {
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/jobs/',
      headers: await authHeader(t.app, poster),
      payload: { title: 'Analyst', company: 'Initrode', location: 'Pune', type: 'Full-Time', apply_url: 'https://initrode.example.com' },
    });
    const initrodeJob = job.json<{ id: number }>().id;
    const referrer = await alumnus('Initrode');
    const offerId = (
      await createReferral(t.db, {
        alumniId: referrer.id,
        company: 'Initrode',
        role: 'Analyst',
        ctc: '9.0',
        location: 'Pune',
        requirements: 'SQL',
      })
    )?.id;
    const asker = await createUser(t.db, { role: 'TR' });
    const stranger = await createUser(t.db, { role: 'IN' });
    const myRequestAs = async (user: TestUser) => {
      const response = await t.app.inject({ url: `/api/jobs/${initrodeJob}/`, headers: await authHeader(t.app, user) });
      expect(response.statusCode).toBe(200);
      return response.json<JobDetail>().alumni_at_company.people.find((person) => person.id === referrer.id)?.my_request;
    };
    expect(await myRequestAs(asker)).toBeNull();

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${offerId}/requests/`,
      headers: await authHeader(t.app, asker),
      payload: { message: 'Could you refer me?' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json<{ id: number }>().id;

    expect(await myRequestAs(asker)).toEqual({ id: requestId, status: 'requested' });
    // Another member and an admin never see someone else's request.
    expect(await myRequestAs(stranger)).toBeNull();
    expect(await myRequestAs(await createUser(t.db, { role: 'AD' }))).toBeNull();
  });
});
