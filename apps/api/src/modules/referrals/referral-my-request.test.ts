import type { Referral, ReferralPage } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestUser, useSignedInPeople } from '../../test/index';

// `my_request` on offers: each viewer sees their own latest request on an offer, nobody else's.

const t = useTestApp({ rateLimitMultiplier: 100 });
const { people, auth } = useSignedInPeople(t, {
  owner: { role: 'AL' },
  trainee: { role: 'TR' },
  intern: { role: 'IN' },
  otherAlumnus: { role: 'AL' },
});

async function offer(): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/referrals/create/',
    headers: auth(people.owner),
    payload: { company: 'Initech', role: 'Data Analyst', ctc: 9, location: 'Pune', requirements: 'SQL' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<Referral>().id;
}

async function ask(referralId: number, by: TestUser): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/referrals/${referralId}/requests/`,
    headers: auth(by),
    payload: { message: 'Could you refer me?' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function openOffer(referralId: number, by: TestUser): Promise<Referral | undefined> {
  const response = await t.app.inject({ url: '/api/referrals/?limit=100', headers: auth(by) });
  expect(response.statusCode).toBe(200);
  return response.json<ReferralPage>().results.find((referral) => referral.id === referralId);
}

describe('my_request on GET /api/referrals/', () => {
  it('is null before asking and the request (id, status) after, for the requester only', async () => {
    const referralId = await offer();
    expect((await openOffer(referralId, people.trainee))?.my_request).toBeNull();

    const requestId = await ask(referralId, people.trainee);

    expect((await openOffer(referralId, people.trainee))?.my_request).toEqual({ id: requestId, status: 'requested' });
    // A stranger (another member), the offer's owner and another alumnus never see someone else's request.
    expect((await openOffer(referralId, people.intern))?.my_request).toBeNull();
    expect((await openOffer(referralId, people.owner))?.my_request).toBeNull();
    expect((await openOffer(referralId, people.otherAlumnus))?.my_request).toBeNull();
  });

  it('follows the request as it moves (declined), and answers the newest one after asking again', async () => {
    const referralId = await offer();
    const first = await ask(referralId, people.intern);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/referral-requests/${first}/status/`,
      headers: auth(people.owner),
      payload: { status: 'declined' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await openOffer(referralId, people.intern))?.my_request).toEqual({ id: first, status: 'declined' });

    const second = await ask(referralId, people.intern);
    expect((await openOffer(referralId, people.intern))?.my_request).toEqual({ id: second, status: 'requested' });
  });

  it('is on the offer the create answer returns (null: nobody asks on their own offer)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create/',
      headers: auth(people.owner),
      payload: { company: 'Initech', role: 'QA Engineer', ctc: 7, location: 'Pune', requirements: 'Testing' },
    });
    expect(response.json<Referral>().my_request).toBeNull();
    // The wrong role still may not offer one.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create/',
      headers: auth(people.trainee),
      payload: { company: 'Initech', role: 'QA Engineer', ctc: 7, location: 'Pune', requirements: 'Testing' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
