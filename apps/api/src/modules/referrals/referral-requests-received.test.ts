import type { ReferralRequestPage } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createReferral, createReferralRequest, useTestApp, createUser, type TestUser } from '../../test/index';

// GET /api/referral-requests/received/: the requests on every offer of the caller, newest first,
// page by page (the "All offers" board).
const t = useTestApp({ rateLimitMultiplier: 100 });
let owner: TestUser;
let otherAlumnus: TestUser;
let trainee: TestUser;
const ids: number[] = [];

beforeAll(async () => {
  owner = await createUser(t.db, { role: 'AL' });
  otherAlumnus = await createUser(t.db, { role: 'AL' });
  trainee = await createUser(t.db, { role: 'TR' });
  const offer = async (alumniId: number) =>
    (await createReferral(t.db, { alumniId, company: 'Initech', role: 'Analyst', ctc: '9.0', location: 'Pune', requirements: 'SQL' }))!.id;
  const [first, second, theirs] = [await offer(owner.id), await offer(owner.id), await offer(otherAlumnus.id)];
  const start = Date.parse('2026-05-01T10:00:00Z');
  // Five requests on the owner's two offers, alternating, a minute apart; one on someone else's.
  for (let index = 0; index < 5; index += 1) {
    const requester = await createUser(t.db, { role: 'TR' });
    const row = await createReferralRequest(t.db, {
      referralId: index % 2 === 0 ? first : second,
      requesterId: requester.id,
      createdAt: new Date(start + index * 60_000),
    });
    ids.push(row.id);
  }
  await createReferralRequest(t.db, { referralId: theirs, requesterId: trainee.id, createdAt: new Date(start + 10 * 60_000) });
});

async function get(user: TestUser | null, query = '') {
  const headers = user ? await authHeader(t.app, user) : {};
  return t.app.inject({ url: `/api/referral-requests/received/${query}`, headers });
}

describe('GET /api/referral-requests/received/', () => {
  it("pages the requests on all of the caller's offers, newest first, with a cursor", async () => {
    const first = await get(owner, '?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<ReferralRequestPage>();
    expect(page1.results.map((request) => request.id)).toEqual([ids[4], ids[3]]);
    expect(page1.next).not.toBeNull();
    const page2 = (await get(owner, `?limit=2&cursor=${encodeURIComponent(page1.next!)}`)).json<ReferralRequestPage>();
    expect(page2.results.map((request) => request.id)).toEqual([ids[2], ids[1]]);
    const page3 = (await get(owner, `?limit=2&cursor=${encodeURIComponent(page2.next!)}`)).json<ReferralRequestPage>();
    expect(page3.results.map((request) => request.id)).toEqual([ids[0]]);
    expect(page3.next).toBeNull();
  });

  it('shows a stranger (another alumnus) only the requests on their own offers', async () => {
    const theirs = (await get(otherAlumnus)).json<ReferralRequestPage>();
    expect(theirs.results).toHaveLength(1);
    expect(theirs.results.every((request) => !ids.includes(request.id))).toBe(true);
  });

  it('refuses the wrong role (403), a visitor (401) and a bad cursor or limit (400)', async () => {
    const asTrainee = await get(trainee);
    expect(asTrainee.statusCode).toBe(403);
    expect(asTrainee.json<{ detail: string }>().detail).toBe('Only alumni receive referral requests.');
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(owner, '?cursor=not-a-cursor')).statusCode).toBe(400);
    expect((await get(owner, '?limit=0')).statusCode).toBe(400);
  });
});
