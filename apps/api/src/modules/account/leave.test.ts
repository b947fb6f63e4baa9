import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationDigestItems, users } from '../../db/schema/index';
import { authHeader, createEvent, createPost, useTestApp, createUser, emailsTo, type TestUser } from '../../test/index';
import { runDigests } from '../notifications/digests/digest.service';
import { leave } from './account-deletion.service';

// What a leave does to what other people have (DESIGN 7): event places and waitlists, referral
// requests and their history, outcomes, digests. Each test failed before the one leave step.

const t = useTestApp({ rateLimitMultiplier: 100 });
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
});

async function call(user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: await authHeader(t.app, user), ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}
const deleteOwnAccount = (user: TestUser) => call(user, 'DELETE', '/api/account/', { password: user.password });
const adminDeletes = (user: TestUser) => call(admin, 'DELETE', `/users/admin/delete-user/${user.id}/`);

/** The event's counters as the API shows them, next to the rows they count. */
async function eventState(eventId: number, viewer: TestUser) {
  const event = (await call(viewer, 'GET', `/api/events/${eventId}/`)).json<Record<string, unknown>>();
  const { rows } = await t.db.execute<{ registered: number; waitlisted: number }>(sql`
    select count(*) filter (where status = 'registered')::int as registered, count(*) filter (where status = 'waitlisted')::int as waitlisted
    from event_registrations where event_id = ${eventId}`);
  return {
    registrations_count: event.registrations_count,
    waitlist_count: event.waitlist_count,
    spots_left: event.spots_left,
    rows: rows[0],
  };
}
const register = async (user: TestUser, eventId: number) =>
  (await call(user, 'POST', `/api/events/${eventId}/register/`, { guests: 0 })).json<{ status: string }>().status;

describe('events: a leave releases places and promotes the waitlist', () => {
  it('deleting a waitlisted person takes them off the waitlist, and the next newcomer of an empty event is registered', async () => {
    const [host, first, waiting, last, newcomer] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const event = await createEvent(t.db, { capacity: 1 });
    expect([await register(first, event.id), await register(waiting, event.id), await register(last, event.id)]).toEqual([
      'registered',
      'waitlisted',
      'waitlisted',
    ]);

    await deleteOwnAccount(waiting);

    expect(await eventState(event.id, host)).toEqual({
      registrations_count: 1,
      waitlist_count: 1,
      spots_left: 0,
      rows: { registered: 1, waitlisted: 1 },
    });
    // Both others leave: the event is empty, and a newcomer gets a place, not a waitlist spot.
    await call(last, 'DELETE', `/api/events/${event.id}/register/`);
    await adminDeletes(first);
    expect(await eventState(event.id, host)).toEqual({
      registrations_count: 0,
      waitlist_count: 0,
      spots_left: 1,
      rows: { registered: 0, waitlisted: 0 },
    });
    expect(await register(newcomer, event.id)).toBe('registered');
  });

  it('deleting a registered person promotes the first waitlisted, who is told at once', async () => {
    const [leaving, next, after] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const event = await createEvent(t.db, { capacity: 1, title: 'Rooftop meetup' });
    await register(leaving, event.id);
    await register(next, event.id);
    await register(after, event.id);

    await adminDeletes(leaving);

    expect(await eventState(event.id, next)).toEqual({
      registrations_count: 1,
      waitlist_count: 1,
      spots_left: 0,
      rows: { registered: 1, waitlisted: 1 },
    });
    const mine = (await call(next, 'GET', `/api/events/${event.id}/`)).json<{ registration_status?: string; status?: string }>();
    expect(JSON.stringify(mine)).toContain('registered');
    const notifications = (await call(next, 'GET', '/social/notifications/')).json<{ results: { type: string; text: string }[] }>();
    expect(notifications.results).toEqual([
      expect.objectContaining({ type: 'event_promoted', text: 'A place opened up: you are now registered for Rooftop meetup.' }),
    ]);
    const stillWaiting = (await call(after, 'GET', '/social/notifications/')).json<{ results: unknown[] }>();
    expect(stillWaiting.results).toEqual([]);
  });
});

describe('the leave step is one transaction', () => {
  it('rolled back, it changes nothing and tells nobody: the work after the commit never runs', async () => {
    const [leaving, next] = [await createUser(t.db), await createUser(t.db)];
    const event = await createEvent(t.db, { capacity: 1 });
    await register(leaving, event.id);
    await register(next, event.id);
    const [row] = await t.db.select().from(users).where(eq(users.id, leaving.id));
    if (!row) throw new Error('no person');

    const attempt = t.ctx.transaction(async (work) => {
      const steps = await leave(work, row, 'admin');
      expect(steps.after.map((step) => step.part)).toEqual(expect.arrayContaining(['auth', 'events']));
      throw new Error('something after the leave failed');
    });
    await expect(attempt).rejects.toThrow('something after the leave failed');

    expect(await eventState(event.id, next)).toEqual({
      registrations_count: 1,
      waitlist_count: 1,
      spots_left: 0,
      rows: { registered: 1, waitlisted: 1 },
    });
    expect((await call(next, 'GET', '/social/notifications/')).json<{ results: unknown[] }>().results).toEqual([]);
    expect((await call(leaving, 'GET', '/social/profiles/me/')).statusCode).toBe(200);
    expect(await emailsTo(t.db, leaving.email)).toEqual([]);
  });
});

type RequestDetail = {
  id: number;
  status: string;
  message: string;
  referral: { status: string; alumni: { id: number } | null };
  requester: { id: number } | null;
  history: { status: string; by: { id: number } | null }[];
};

describe('referrals: a leave keeps requests and their history for the other side and the outcomes', () => {
  it('an alumnus leaves: the requester keeps each request with its history, waiting ones closed, and the outcomes still count the hire', async () => {
    const alumnus = await createUser(t.db, { role: 'AL', firstName: 'Leaving', lastName: 'Alumna' });
    const [hired, waiting] = [await createUser(t.db, { cohortYear: 2021 }), await createUser(t.db, { cohortYear: 2021 })];
    const offer = (
      await call(alumnus, 'POST', '/api/referrals/create/', {
        company: 'Keepsake Ltd',
        role: 'Engineer',
        ctc: 12,
        location: 'Pune',
        requirements: 'Kindness',
      })
    ).json<{ id: number }>();
    const ask = async (user: TestUser) =>
      (await call(user, 'POST', `/api/referrals/${offer.id}/requests/`, { message: 'Please refer me, I build things.' })).json<{
        id: number;
      }>().id;
    const hiredRequest = await ask(hired);
    const waitingRequest = await ask(waiting);
    for (const status of ['referred', 'interviewing', 'hired']) {
      await call(alumnus, 'POST', `/api/referral-requests/${hiredRequest}/status/`, { status, note: `Step ${status}` });
    }
    const outcomesBefore = (await call(admin, 'GET', '/api/admin/outcomes/')).json<{
      referrals: Record<string, number>;
      hires_by_company: unknown[];
    }>();

    await deleteOwnAccount(alumnus);

    const kept = (await call(hired, 'GET', `/api/referral-requests/${hiredRequest}/`)).json<RequestDetail>();
    expect(kept).toMatchObject({ status: 'hired', referral: { status: 'closed', alumni: null }, requester: { id: hired.id } });
    expect(kept.history.map((step) => step.status)).toEqual(['requested', 'referred', 'interviewing', 'hired']);
    expect(kept.history.every((step) => step.by === null || step.by.id === hired.id)).toBe(true);
    const closed = (await call(waiting, 'GET', `/api/referral-requests/${waitingRequest}/`)).json<RequestDetail>();
    expect(closed).toMatchObject({ status: 'closed', referral: { alumni: null } });
    expect(closed.history.map((step) => step.status)).toEqual(['requested', 'closed']);
    const mine = (await call(waiting, 'GET', '/api/referral-requests/mine/')).json<{ results: { id: number }[] }>();
    expect(mine.results.map((request) => request.id)).toEqual([waitingRequest]);
    const told = (await call(waiting, 'GET', '/social/notifications/')).json<{ results: { text: string }[] }>();
    expect(told.results.map((notification) => notification.text)).toEqual([
      'Your referral request for Engineer at Keepsake Ltd is now: Offer closed.',
    ]);
    expect(JSON.stringify(kept) + JSON.stringify(closed) + JSON.stringify(told)).not.toContain('Leaving');

    const outcomes = (await call(admin, 'GET', '/api/admin/outcomes/')).json<{
      referrals: Record<string, number>;
      hires_by_company: { company: string; count: number }[];
    }>();
    expect(outcomes.referrals.requested).toBe(outcomesBefore.referrals.requested);
    expect(outcomes.referrals.hired).toBe(outcomesBefore.referrals.hired);
    expect(outcomes.hires_by_company).toContainEqual({ company: 'Keepsake Ltd', count: 1 });
    const csv = (await call(admin, 'GET', '/api/admin/outcomes.csv')).body;
    expect(csv).toMatch(new RegExp(`^${hiredRequest},.*,hired,Keepsake Ltd,Engineer,Deleted user,`, 'm'));
  });

  it("a requester leaves: their waiting request is withdrawn and kept without their words; the owner's board and the outcomes keep it", async () => {
    const owner = await createUser(t.db, { role: 'AL' });
    const requester = await createUser(t.db, { firstName: 'Gone', lastName: 'Requester' });
    const offer = (
      await call(owner, 'POST', '/api/referrals/create/', {
        company: 'Board Co',
        role: 'Analyst',
        ctc: 8,
        location: 'Remote',
        requirements: 'SQL',
      })
    ).json<{ id: number }>();
    const request = (
      await call(requester, 'POST', `/api/referrals/${offer.id}/requests/`, {
        message: 'My secret hopes, in my words.',
        resume_url: 'https://example.com/cv.pdf',
      })
    ).json<{ id: number }>();

    await adminDeletes(requester);

    const board = (await call(owner, 'GET', `/api/referrals/${offer.id}/requests/`)).json<{ results: RequestDetail[] }>();
    expect(board.results).toEqual([
      expect.objectContaining({ id: request.id, status: 'withdrawn', message: '', resume_url: null, requester: null }),
    ]);
    const detail = (await call(owner, 'GET', `/api/referral-requests/${request.id}/`)).json<RequestDetail>();
    expect(detail.history.map((step) => [step.status, step.by])).toEqual([
      ['requested', null],
      ['withdrawn', null],
    ]);
    expect(JSON.stringify(board) + JSON.stringify(detail)).not.toMatch(/Gone|secret hopes/);
    const told = (await call(owner, 'GET', '/social/notifications/')).json<{ results: { text: string }[] }>();
    expect(told.results.map((notification) => notification.text)).toEqual([
      'A referral request for Analyst at Board Co was withdrawn: its requester deleted their account.',
    ]);
    const csv = (await call(admin, 'GET', '/api/admin/outcomes.csv')).body;
    expect(csv).toMatch(new RegExp(`^${request.id},.*,withdrawn,Board Co,Analyst,`, 'm'));
  });
});

describe('digests: a leave drops the queued items that name the person', () => {
  it('the next digest of the people they commented on or messaged does not name them', async () => {
    const reader = await createUser(t.db, { firstName: 'Reader' });
    const leaving = await createUser(t.db, { firstName: 'Vanishing', lastName: 'Commenter' });
    const staying = await createUser(t.db, { firstName: 'Staying', lastName: 'Friend' });
    await call(reader, 'PUT', '/social/settings/notifications/', {
      types: { comment: { in_app: true, email: 'daily' }, message: { in_app: false, email: 'daily' } },
    });
    const postId = (await createPost(t.db, { userId: reader.id, caption: 'My news' })).id;
    await call(leaving, 'POST', `/social/posts/${postId}/comment/`, { text: 'Nice!' });
    const conversation = (await call(leaving, 'POST', '/social/conversations/start_conversation/', { user_id: reader.id })).json<{
      id: number;
    }>();
    await call(leaving, 'POST', `/social/conversations/${conversation.id}/send_message/`, { content: 'Hello there' });
    await call(staying, 'POST', `/social/posts/${postId}/comment/`, { text: 'Great!' });
    const queued = await t.db.select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, reader.id));
    expect(queued.map((item) => item.text).sort()).toEqual([
      'Staying Friend commented on your post.',
      'Vanishing Commenter commented on your post.',
      'Vanishing Commenter sent you a message.',
    ]);

    await deleteOwnAccount(leaving);

    expect((await runDigests(t.ctx, 'daily', new Date(Date.UTC(2031, 5, 1, 9)))).sent).toBeGreaterThanOrEqual(1);
    const [digest] = (await emailsTo(t.db, reader.email)).filter((mail) => mail.subject.includes('digest'));
    expect(digest?.textBody).toContain('Staying Friend commented on your post.');
    expect(`${digest?.subject} ${digest?.textBody} ${digest?.htmlBody}`).not.toContain('Vanishing');
  });
});

describe('onboarding: a leave takes the invitation that holds their address', () => {
  it('deletes the invitation they joined through; invitations they sent stay, without naming them', async () => {
    const inviter = await createUser(t.db, { role: 'AD' });
    const email = `joiner-${Date.now()}@example.com`;
    const invited = await call(inviter, 'POST', '/api/admin/invitations/', { email, role: 'TR', first_name: 'Jo', last_name: 'Iner' });
    const invitationId = invited.json<{ id: number }>().id;
    const other = await call(inviter, 'POST', '/api/admin/invitations/', { email: `other-${Date.now()}@example.com`, role: 'TR' });
    const otherId = other.json<{ id: number }>().id;
    const joiner = await createUser(t.db, { email });

    await deleteOwnAccount(joiner);
    const left = await t.db.execute<{ id: number }>(sql`select id from invitations where id = ${invitationId}`);
    expect(left.rows).toEqual([]);

    await deleteOwnAccount(inviter);
    const kept = await t.db.execute<{ invited_by_id: number | null }>(sql`select invited_by_id from invitations where id = ${otherId}`);
    expect(kept.rows).toEqual([{ invited_by_id: null }]);
  });
});
