import type { ReferralRequestDetail } from '@alumlink/contract';
import { expect } from 'vitest';
import { useSignedInPeople, useTestApp, type TestUser } from '../../test/index';

/**
 * The referral request files' app, its people (an alumnus who offers, another alumnus, an admin, a
 * trainee who asks and a stranger, made in a beforeAll) and the requests they make.
 */
export function useReferralRequests() {
  const t = useTestApp({ rateLimitMultiplier: 100 });
  const { people, auth, signedIn } = useSignedInPeople(t, {
    owner: { role: 'AL', firstName: 'Olivia', lastName: 'Owner' },
    otherAlumnus: { role: 'AL' },
    admin: { role: 'AD' },
    requester: { role: 'TR', firstName: 'Riya', lastName: 'Requester' },
    stranger: { role: 'IN' },
  });

  async function offer(by: TestUser = people.owner, company = 'Globex'): Promise<number> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create/',
      headers: auth(by),
      payload: { company, role: 'Frontend Engineer', ctc: 20, location: 'Pune', requirements: 'React' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  function ask(referralId: number, by: TestUser = people.requester, payload: object = { message: 'I would love a referral.' }) {
    return t.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/requests/`, headers: auth(by), payload });
  }

  async function askOk(referralId: number, by: TestUser = people.requester): Promise<ReferralRequestDetail> {
    const response = await ask(referralId, by);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  function move(requestId: number, status: string, by: TestUser = people.owner, note?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/api/referral-requests/${requestId}/status/`,
      headers: auth(by),
      payload: { status, note },
    });
  }

  function withdraw(requestId: number, by: TestUser = people.requester) {
    return t.app.inject({ method: 'POST', url: `/api/referral-requests/${requestId}/withdraw/`, headers: auth(by) });
  }

  function detail(requestId: number, by: TestUser) {
    return t.app.inject({ url: `/api/referral-requests/${requestId}/`, headers: auth(by) });
  }

  return { t, people, auth, signedIn, offer, ask, askOk, move, withdraw, detail };
}
