import type { ReferralRequestDetail } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { emailsTo } from '../../test/index';
import { useReferralRequests } from './referral-requests.test-helpers';

const { t, people, auth, signedIn, offer, askOk, move, withdraw, detail } = useReferralRequests();

describe('reading requests', () => {
  it("GET /api/referrals/{id}/requests/: the owner and admins see an offer's requests newest first; others 403", async () => {
    const referralId = await offer();
    const first = await askOk(referralId, people.requester);
    const second = await askOk(referralId, people.stranger);
    for (const reader of [people.owner, people.admin]) {
      const response = await t.app.inject({ url: `/api/referrals/${referralId}/requests/?limit=1`, headers: auth(reader) });
      expect(response.statusCode).toBe(200);
      const page = response.json<{ results: { id: number }[]; next: string | null }>();
      expect(page.results.map((row) => row.id)).toEqual([second.id]);
      const next = await t.app.inject({ url: `/api/referrals/${referralId}/requests/?limit=1&cursor=${page.next}`, headers: auth(reader) });
      expect(next.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toEqual([first.id]);
    }
    for (const other of [people.requester, people.otherAlumnus]) {
      expect((await t.app.inject({ url: `/api/referrals/${referralId}/requests/`, headers: auth(other) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/referrals/999999/requests/', headers: auth(people.owner) })).statusCode).toBe(404);
  });

  it('GET /api/referral-requests/mine/ lists only the caller’s requests', async () => {
    const someone = await signedIn({ role: 'TR' });
    const request = await askOk(await offer(people.otherAlumnus, 'Initech'), someone);
    await askOk(await offer());
    const response = await t.app.inject({ url: '/api/referral-requests/mine/', headers: auth(someone) });
    expect(response.json<{ results: { id: number; referral: { company: string } }[] }>().results).toEqual([
      expect.objectContaining({ id: request.id, referral: expect.objectContaining({ company: 'Initech' }) }),
    ]);
  });

  it('GET /api/referral-requests/{id}/: requester, owner and admin read it; anyone else 404', async () => {
    const request = await askOk(await offer());
    for (const reader of [people.requester, people.owner, people.admin]) expect((await detail(request.id, reader)).statusCode).toBe(200);
    for (const other of [people.stranger, people.otherAlumnus]) expect((await detail(request.id, other)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/referral-requests/mine/' })).statusCode).toBe(401);
  });
});

describe('closing an offer', () => {
  it('turns its requested requests closed (history and notification) and leaves the others as they are', async () => {
    const referralId = await offer();
    const waiting = await askOk(referralId, people.requester);
    const referred = await askOk(referralId, people.stranger);
    await move(referred.id, 'referred');
    const response = await t.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/close/`, headers: auth(people.owner) });
    expect(response.statusCode).toBe(200);
    const waitingAnswer = await detail(waiting.id, people.requester);
    expect(waitingAnswer.statusCode, waitingAnswer.body).toBe(200);
    const waitingNow = waitingAnswer.json<ReferralRequestDetail>();
    expect(waitingNow.status).toBe('closed');
    expect(waitingNow.history.at(-1)).toMatchObject({ status: 'closed', by: null });
    expect((await detail(referred.id, people.stranger)).json()).toMatchObject({ status: 'referred' });
    const told = await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, people.requester.id));
    expect(told.map((row) => row.text)).toContain('Your referral request for Frontend Engineer at Globex is now: Offer closed.');
  });
});

describe('e-mail notifications', () => {
  it('e-mails as each person chose for referrals: at once by default, never when turned off', async () => {
    const byMail = await signedIn({ role: 'TR', firstName: 'Mia' });
    const quiet = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers: auth(people.owner),
      payload: { types: { referral: { email: 'off' } } },
    });
    expect(quiet.statusCode).toBe(200);
    const ownerMailsBefore = (await emailsTo(t.db, people.owner.email)).length;
    const request = await askOk(await offer(), byMail);
    await move(request.id, 'referred', people.owner, 'Good luck');
    const mails = await emailsTo(t.db, byMail.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('is now: Referred. Note: Good luck');
    expect(mails[0]?.textBody).toContain('/user/referrals');
    // The owner turned referral e-mails off: asked, but not e-mailed.
    expect(await emailsTo(t.db, people.owner.email)).toHaveLength(ownerMailsBefore);
  });
});

describe('request and withdraw cycles', () => {
  it("e-mail the offer's owner once per kind of change and requester within an hour; the in-app notifications are all kept", async () => {
    const floodedOwner = await signedIn({ role: 'AL', firstName: 'Fiona' });
    const flooder = await signedIn({ role: 'TR', firstName: 'Flynn' });
    const referralId = await offer(floodedOwner);
    const before = (await emailsTo(t.db, floodedOwner.email)).length;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const request = await askOk(referralId, flooder);
      expect((await withdraw(request.id, flooder)).statusCode).toBe(200);
    }
    const told = await t.db.select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, floodedOwner.id));
    expect(told).toHaveLength(6);
    // One for the first request, one for the first withdrawal.
    expect((await emailsTo(t.db, floodedOwner.email)).length - before).toBe(2);
    // Another requester's request is another thing: e-mailed.
    await askOk(referralId, people.stranger);
    expect((await emailsTo(t.db, floodedOwner.email)).length - before).toBe(3);
  });
});
