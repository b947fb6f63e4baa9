import { REFERRAL_REQUEST_MESSAGES, type ReferralRequestDetail } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, referralRequests } from '../../db/schema/index';
import { useReferralRequests } from './referral-requests.test-helpers';

const { t, people, auth, offer, ask, askOk, move, withdraw, detail } = useReferralRequests();

describe('POST /api/referrals/{id}/requests/', () => {
  it('creates a requested request with its first history entry, and notifies the owner', async () => {
    const referralId = await offer();
    const response = await ask(referralId, people.requester, {
      message: '  Hello, I know React.  ',
      resume_url: 'https://cv.example.com/riya.pdf',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<ReferralRequestDetail>();
    expect(body).toMatchObject({
      status: 'requested',
      message: 'Hello, I know React.',
      resume_url: 'https://cv.example.com/riya.pdf',
      referral: { id: referralId, company: 'Globex', status: 'open', alumni: { id: people.owner.id } },
      requester: { id: people.requester.id, first_name: 'Riya' },
    });
    expect(body.history).toEqual([
      expect.objectContaining({ status: 'requested', note: null, by: expect.objectContaining({ id: people.requester.id }) }),
    ]);
    const stored = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, people.owner.id), eq(notifications.type, 'referral_requested')));
    expect(stored.at(-1)?.text).toBe('Riya Requester asked you for a referral for Frontend Engineer at Globex.');
  });

  it('validates the message and the CV link (400 with field errors)', async () => {
    const referralId = await offer();
    const empty = await ask(referralId, people.requester, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('message');
    const http = await ask(referralId, people.requester, { message: 'Hi', resume_url: 'http://cv.example.com' });
    expect(http.statusCode).toBe(400);
    expect(http.json()).toEqual({ resume_url: [REFERRAL_REQUEST_MESSAGES.resumeUrl] });
    const long = await ask(referralId, people.requester, { message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
  });

  it("refuses the owner's own offer (403), a closed offer (409) and a missing one (404)", async () => {
    const referralId = await offer();
    expect((await ask(referralId, people.owner)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/close/`, headers: auth(people.owner) });
    const closed = await ask(referralId);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'referral_closed' });
    expect((await ask(999_999)).statusCode).toBe(404);
  });

  it('refuses a second active request by the same person (409), and allows a new one once the first ended', async () => {
    const referralId = await offer();
    const first = await askOk(referralId);
    const second = await ask(referralId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: REFERRAL_REQUEST_MESSAGES.alreadyActive, code: 'already_requested' });
    // Still active once referred.
    expect((await move(first.id, 'referred')).statusCode).toBe(200);
    expect((await ask(referralId)).statusCode).toBe(409);
    expect((await move(first.id, 'not_selected')).statusCode).toBe(200);
    await askOk(referralId);
  });

  it('keeps one active request when the same person asks twice at once (one 201, one 409)', async () => {
    const referralId = await offer();
    const answers = await Promise.all([ask(referralId), ask(referralId), ask(referralId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.select().from(referralRequests).where(eq(referralRequests.referralId, referralId));
    expect(rows).toHaveLength(1);
  });
});

describe('moves: POST /api/referral-requests/{id}/status/', () => {
  it('walks requested → referred → interviewing → hired with notes, notifying the requester each time', async () => {
    const referralId = await offer();
    const request = await askOk(referralId);
    for (const [status, note] of [
      ['referred', 'Sent your CV to the hiring manager.'],
      ['interviewing', undefined],
      ['hired', 'Congratulations!'],
    ] as const) {
      const response = await move(request.id, status, people.owner, note);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status });
    }
    const history = (await detail(request.id, people.requester)).json<ReferralRequestDetail>().history;
    expect(history.map((entry) => [entry.status, entry.note])).toEqual([
      ['requested', null],
      ['referred', 'Sent your CV to the hiring manager.'],
      ['interviewing', null],
      ['hired', 'Congratulations!'],
    ]);
    expect(history[1]?.by?.id).toBe(people.owner.id);
    const told = await t.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.userId, people.requester.id), eq(notifications.type, 'referral_status_changed')));
    expect(told.map((row) => row.text)).toContain(
      'Your referral request for Frontend Engineer at Globex is now: Referred. Note: Sent your CV to the hiring manager.',
    );
    expect(told.map((row) => row.text)).toContain(
      'Your referral request for Frontend Engineer at Globex is now: Hired. Note: Congratulations!',
    );
  });

  it.each([
    [['declined'], 'referred'],
    [['referred'], 'declined'],
    [['referred', 'hired'], 'interviewing'],
    [[], 'interviewing'],
    [[], 'hired'],
    [['referred', 'interviewing'], 'referred'],
  ])('after %j, a move to %s is 409 invalid_transition', async (path, status) => {
    const request = await askOk(await offer());
    for (const step of path) expect((await move(request.id, step)).statusCode).toBe(200);
    const response = await move(request.id, status);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: REFERRAL_REQUEST_MESSAGES.invalidTransition, code: 'invalid_transition' });
  });

  it('refuses a move to a status the owner cannot set (400) ', async () => {
    const request = await askOk(await offer());
    expect((await move(request.id, 'withdrawn')).statusCode).toBe(400);
    expect((await move(request.id, 'expired')).statusCode).toBe(400);
  });

  it('lets only the owner move: requester and admin 403, a stranger 404', async () => {
    const request = await askOk(await offer());
    expect((await move(request.id, 'referred', people.requester)).statusCode).toBe(403);
    expect((await move(request.id, 'referred', people.admin)).statusCode).toBe(403);
    expect((await move(request.id, 'referred', people.otherAlumnus)).statusCode).toBe(404);
    expect((await move(request.id, 'referred', people.stranger)).statusCode).toBe(404);
    expect((await move(999_999, 'referred')).statusCode).toBe(404);
  });

  it('of two moves at once, one wins and the other is 409', async () => {
    const request = await askOk(await offer());
    const answers = await Promise.all([move(request.id, 'referred'), move(request.id, 'declined')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const history = (await detail(request.id, people.owner)).json<ReferralRequestDetail>().history;
    expect(history).toHaveLength(2);
  });

  it('refuses a move on a withdrawn or expired request (409)', async () => {
    const withdrawn = await askOk(await offer());
    expect((await withdraw(withdrawn.id)).statusCode).toBe(200);
    expect((await move(withdrawn.id, 'referred')).json()).toMatchObject({ code: 'invalid_transition' });
    const expired = await askOk(await offer());
    await t.db.update(referralRequests).set({ status: 'expired' }).where(eq(referralRequests.id, expired.id));
    const response = await move(expired.id, 'referred');
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /api/referral-requests/{id}/withdraw/', () => {
  it('withdraws while requested, tells the owner, and refuses afterwards (409)', async () => {
    const request = await askOk(await offer());
    const response = await withdraw(request.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'withdrawn' });
    expect((await withdraw(request.id)).statusCode).toBe(409);
    const told = await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, people.owner.id));
    expect(told.map((row) => row.text)).toContain('Riya Requester withdrew their referral request for Frontend Engineer at Globex.');
  });

  it('refuses once referred (409), and to anyone but the requester (owner 403, stranger 404)', async () => {
    const request = await askOk(await offer());
    expect((await withdraw(request.id, people.owner)).statusCode).toBe(403);
    expect((await withdraw(request.id, people.stranger)).statusCode).toBe(404);
    await move(request.id, 'referred');
    expect((await withdraw(request.id)).statusCode).toBe(409);
  });
});
