import { REFERRAL_REQUEST_MESSAGES, type ReferralRequestDetail } from '@alumlink/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, referralRequests } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, emailsTo, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
let owner: TestUser;
let otherAlumnus: TestUser;
let admin: TestUser;
let requester: TestUser;
let stranger: TestUser;
const headers = new Map<number, { authorization: string }>();
const auth = (user: TestUser) => headers.get(user.id) ?? {};

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
  owner = await createUser(t.db, { role: 'AL', firstName: 'Olivia', lastName: 'Owner' });
  otherAlumnus = await createUser(t.db, { role: 'AL' });
  admin = await createUser(t.db, { role: 'AD' });
  requester = await createUser(t.db, { role: 'TR', firstName: 'Riya', lastName: 'Requester' });
  stranger = await createUser(t.db, { role: 'IN' });
  for (const user of [owner, otherAlumnus, admin, requester, stranger]) headers.set(user.id, await authHeader(t.app, user));
});
afterAll(() => t.close());

async function offer(by: TestUser = owner, company = 'Globex'): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/referrals/create/',
    headers: auth(by),
    payload: { company, role: 'Frontend Engineer', ctc: 20, location: 'Pune', requirements: 'React' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

function ask(referralId: number, by: TestUser = requester, payload: object = { message: 'I would love a referral.' }) {
  return t.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/requests/`, headers: auth(by), payload });
}

async function askOk(referralId: number, by: TestUser = requester): Promise<ReferralRequestDetail> {
  const response = await ask(referralId, by);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

function move(requestId: number, status: string, by: TestUser = owner, note?: string) {
  return t.app.inject({ method: 'POST', url: `/api/referral-requests/${requestId}/status/`, headers: auth(by), payload: { status, note } });
}

function withdraw(requestId: number, by: TestUser = requester) {
  return t.app.inject({ method: 'POST', url: `/api/referral-requests/${requestId}/withdraw/`, headers: auth(by) });
}

function detail(requestId: number, by: TestUser) {
  return t.app.inject({ url: `/api/referral-requests/${requestId}/`, headers: auth(by) });
}

describe('POST /api/referrals/{id}/requests/', () => {
  it('creates a requested request with its first history entry, and notifies the owner', async () => {
    const referralId = await offer();
    const response = await ask(referralId, requester, {
      message: '  Hello, I know React.  ',
      resume_url: 'https://cv.example.com/riya.pdf',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<ReferralRequestDetail>();
    expect(body).toMatchObject({
      status: 'requested',
      message: 'Hello, I know React.',
      resume_url: 'https://cv.example.com/riya.pdf',
      referral: { id: referralId, company: 'Globex', status: 'open', alumni: { id: owner.id } },
      requester: { id: requester.id, first_name: 'Riya' },
    });
    expect(body.history).toEqual([
      expect.objectContaining({ status: 'requested', note: null, by: expect.objectContaining({ id: requester.id }) }),
    ]);
    const stored = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'referral_requested')));
    expect(stored.at(-1)?.text).toBe('Riya Requester asked you for a referral for Frontend Engineer at Globex.');
  });

  it('validates the message and the CV link (400 with field errors)', async () => {
    const referralId = await offer();
    const empty = await ask(referralId, requester, { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('message');
    const http = await ask(referralId, requester, { message: 'Hi', resume_url: 'http://cv.example.com' });
    expect(http.statusCode).toBe(400);
    expect(http.json()).toEqual({ resume_url: [REFERRAL_REQUEST_MESSAGES.resumeUrl] });
    const long = await ask(referralId, requester, { message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
  });

  it("refuses the owner's own offer (403), a closed offer (409) and a missing one (404)", async () => {
    const referralId = await offer();
    expect((await ask(referralId, owner)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/close/`, headers: auth(owner) });
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
      const response = await move(request.id, status, owner, note);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ status });
    }
    const history = (await detail(request.id, requester)).json<ReferralRequestDetail>().history;
    expect(history.map((entry) => [entry.status, entry.note])).toEqual([
      ['requested', null],
      ['referred', 'Sent your CV to the hiring manager.'],
      ['interviewing', null],
      ['hired', 'Congratulations!'],
    ]);
    expect(history[1]?.by?.id).toBe(owner.id);
    const told = await t.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.userId, requester.id), eq(notifications.type, 'referral_status_changed')));
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
    expect((await move(request.id, 'referred', requester)).statusCode).toBe(403);
    expect((await move(request.id, 'referred', admin)).statusCode).toBe(403);
    expect((await move(request.id, 'referred', otherAlumnus)).statusCode).toBe(404);
    expect((await move(request.id, 'referred', stranger)).statusCode).toBe(404);
    expect((await move(999_999, 'referred')).statusCode).toBe(404);
  });

  it('of two moves at once, one wins and the other is 409', async () => {
    const request = await askOk(await offer());
    const answers = await Promise.all([move(request.id, 'referred'), move(request.id, 'declined')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const history = (await detail(request.id, owner)).json<ReferralRequestDetail>().history;
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
    const told = await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, owner.id));
    expect(told.map((row) => row.text)).toContain('Riya Requester withdrew their referral request for Frontend Engineer at Globex.');
  });

  it('refuses once referred (409), and to anyone but the requester (owner 403, stranger 404)', async () => {
    const request = await askOk(await offer());
    expect((await withdraw(request.id, owner)).statusCode).toBe(403);
    expect((await withdraw(request.id, stranger)).statusCode).toBe(404);
    await move(request.id, 'referred');
    expect((await withdraw(request.id)).statusCode).toBe(409);
  });
});

describe('reading requests', () => {
  it("GET /api/referrals/{id}/requests/: the owner and admins see an offer's requests newest first; others 403", async () => {
    const referralId = await offer();
    const first = await askOk(referralId, requester);
    const second = await askOk(referralId, stranger);
    for (const reader of [owner, admin]) {
      const response = await t.app.inject({ url: `/api/referrals/${referralId}/requests/?limit=1`, headers: auth(reader) });
      expect(response.statusCode).toBe(200);
      const page = response.json<{ results: { id: number }[]; next: string | null }>();
      expect(page.results.map((row) => row.id)).toEqual([second.id]);
      const next = await t.app.inject({ url: `/api/referrals/${referralId}/requests/?limit=1&cursor=${page.next}`, headers: auth(reader) });
      expect(next.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toEqual([first.id]);
    }
    for (const other of [requester, otherAlumnus]) {
      expect((await t.app.inject({ url: `/api/referrals/${referralId}/requests/`, headers: auth(other) })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/api/referrals/999999/requests/', headers: auth(owner) })).statusCode).toBe(404);
  });

  it('GET /api/referral-requests/mine/ lists only the caller’s requests', async () => {
    const someone = await createUser(t.db, { role: 'TR' });
    headers.set(someone.id, await authHeader(t.app, someone));
    const request = await askOk(await offer(otherAlumnus, 'Initech'), someone);
    await askOk(await offer());
    const response = await t.app.inject({ url: '/api/referral-requests/mine/', headers: auth(someone) });
    expect(response.json<{ results: { id: number; referral: { company: string } }[] }>().results).toEqual([
      expect.objectContaining({ id: request.id, referral: expect.objectContaining({ company: 'Initech' }) }),
    ]);
  });

  it('GET /api/referral-requests/{id}/: requester, owner and admin read it; anyone else 404', async () => {
    const request = await askOk(await offer());
    for (const reader of [requester, owner, admin]) expect((await detail(request.id, reader)).statusCode).toBe(200);
    for (const other of [stranger, otherAlumnus]) expect((await detail(request.id, other)).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/referral-requests/mine/' })).statusCode).toBe(401);
  });
});

describe('closing an offer', () => {
  it('turns its requested requests closed (history and notification) and leaves the others as they are', async () => {
    const referralId = await offer();
    const waiting = await askOk(referralId, requester);
    const referred = await askOk(referralId, stranger);
    await move(referred.id, 'referred');
    const response = await t.app.inject({ method: 'POST', url: `/api/referrals/${referralId}/close/`, headers: auth(owner) });
    expect(response.statusCode).toBe(200);
    const waitingAnswer = await detail(waiting.id, requester);
    expect(waitingAnswer.statusCode, waitingAnswer.body).toBe(200);
    const waitingNow = waitingAnswer.json<ReferralRequestDetail>();
    expect(waitingNow.status).toBe('closed');
    expect(waitingNow.history.at(-1)).toMatchObject({ status: 'closed', by: null });
    expect((await detail(referred.id, stranger)).json()).toMatchObject({ status: 'referred' });
    const told = await t.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, requester.id));
    expect(told.map((row) => row.text)).toContain('Your referral request for Frontend Engineer at Globex is now: Offer closed.');
  });
});

describe('e-mail notifications', () => {
  it('e-mails as each person chose for referrals: at once by default, never when turned off', async () => {
    const byMail = await createUser(t.db, { role: 'TR', firstName: 'Mia' });
    headers.set(byMail.id, await authHeader(t.app, byMail));
    const quiet = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers: auth(owner),
      payload: { types: { referral: { email: 'off' } } },
    });
    expect(quiet.statusCode).toBe(200);
    const ownerMailsBefore = (await emailsTo(t.db, owner.email)).length;
    const request = await askOk(await offer(), byMail);
    await move(request.id, 'referred', owner, 'Good luck');
    const mails = await emailsTo(t.db, byMail.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('is now: Referred. Note: Good luck');
    expect(mails[0]?.textBody).toContain('/user/referrals');
    // The owner turned referral e-mails off: asked, but not e-mailed.
    expect(await emailsTo(t.db, owner.email)).toHaveLength(ownerMailsBefore);
  });
});

describe('request and withdraw cycles', () => {
  it("e-mail the offer's owner once per kind of change and requester within an hour; the in-app notifications are all kept", async () => {
    const floodedOwner = await createUser(t.db, { role: 'AL', firstName: 'Fiona' });
    const flooder = await createUser(t.db, { role: 'TR', firstName: 'Flynn' });
    for (const user of [floodedOwner, flooder]) headers.set(user.id, await authHeader(t.app, user));
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
    await askOk(referralId, stranger);
    expect((await emailsTo(t.db, floodedOwner.email)).length - before).toBe(3);
  });
});
