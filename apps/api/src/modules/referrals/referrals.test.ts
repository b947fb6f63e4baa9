import { REFERRAL_MESSAGES, type CreateReferralRequest } from '@alumlink/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, referrals, statCounters } from '../../db/schema/index';
import {
  authHeader,
  createReferral as createReferralRow,
  createTestApp,
  useTestApp,
  createUser,
  type TestApp,
  type TestUser,
  useSignedInPeople,
} from '../../test/index';

// One alumnus posts more offers here than the per-person limit allows in an hour.
const t = useTestApp({ rateLimitMultiplier: 100 });
const { people, auth } = useSignedInPeople(t, {
  alumnus: { role: 'AL', firstName: 'Alex', lastName: 'Morgan', image: 'avatars/alex.webp' },
  otherAlumnus: { role: 'AL' },
  admin: { role: 'AD' },
  trainee: { role: 'TR' },
  intern: { role: 'IN' },
});

const validReferral: CreateReferralRequest = {
  company: 'Globex',
  role: 'Software Engineer',
  ctc: 18.5,
  location: 'Hyderabad',
  requirements: '2+ years of React; strong fundamentals.',
};

function submit(user: TestUser, payload: unknown = validReferral) {
  return t.app.inject({ method: 'POST', url: '/api/referrals/create/', headers: auth(user), payload: payload as object });
}

async function createReferral(user: TestUser, overrides: Partial<CreateReferralRequest> = {}): Promise<{ id: number }> {
  const response = await submit(user, { ...validReferral, ...overrides });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function counters(): Promise<{ referrals_open: number; referrals_closed: number }> {
  const rows = await t.db
    .select()
    .from(statCounters)
    .where(inArray(statCounters.key, ['referrals_open', 'referrals_closed']));
  const value = (key: string) => rows.find((row) => row.key === key)?.value ?? 0;
  return { referrals_open: value('referrals_open'), referrals_closed: value('referrals_closed') };
}

describe('GET /api/referral-user/', () => {
  it('answers the signed-in person', async () => {
    const response = await t.app.inject({ url: '/api/referral-user/', headers: auth(people.alumnus) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: people.alumnus.id, email: people.alumnus.email, role: 'AL', first_name: 'Alex' });
    expect(response.json()).not.toHaveProperty('password_hash');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/referral-user/' })).statusCode).toBe(401);
  });
});

describe('POST /api/referrals/create/', () => {
  it('lets an alumnus submit a referral, trimmed, with the alumnus attached', async () => {
    const response = await submit(people.alumnus, { ...validReferral, company: '  Globex  ', ctc: '18.5' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      company: 'Globex',
      role: 'Software Engineer',
      ctc: 18.5,
      location: 'Hyderabad',
      requirements: '2+ years of React; strong fundamentals.',
      status: 'open',
      created_at: expect.any(String),
      alumni: {
        id: people.alumnus.id,
        username: people.alumnus.username,
        first_name: 'Alex',
        last_name: 'Morgan',
        email: people.alumnus.email,
        role: 'AL',
        image: '/media/avatars/alex.webp',
        profile: { profile_image: '/media/avatars/alex.webp' },
        company: 'Globex',
      },
      // The author has not asked on their own offer.
      my_request: null,
    });
  });

  it.each([
    ['trainee', () => people.trainee],
    ['intern', () => people.intern],
    ['admin', () => people.admin],
  ])('refuses a %s with 403 whatever the body', async (_label, who) => {
    for (const payload of [validReferral, {}, { ctc: -1 }]) {
      const response = await submit(who(), payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Only alumni can submit referrals.', code: 'forbidden' });
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/referrals/create/', payload: validReferral })).statusCode).toBe(401);
  });

  it.each([
    ['ctc -1', { ctc: -1 }, { ctc: [REFERRAL_MESSAGES.ctcMin] }],
    ['ctc 1.25', { ctc: 1.25 }, { ctc: [REFERRAL_MESSAGES.ctcDecimals] }],
    ["ctc 'abc'", { ctc: 'abc' }, { ctc: [REFERRAL_MESSAGES.ctcNumber] }],
    ["ctc '1e3'", { ctc: '1e3' }, { ctc: [REFERRAL_MESSAGES.ctcNumber] }],
    ['ctc true', { ctc: true }, { ctc: [REFERRAL_MESSAGES.ctcNumber] }],
    ["ctc ''", { ctc: '  ' }, { ctc: ['This field is required.'] }],
    ['ctc missing', { ctc: undefined }, { ctc: ['This field is required.'] }],
    ['ctc too large', { ctc: 1_000_000 }, { ctc: [REFERRAL_MESSAGES.ctcMax] }],
    ['company missing', { company: undefined }, { company: ['This field is required.'] }],
    ['role blank', { role: '   ' }, { role: ['This field is required.'] }],
    ['location missing', { location: undefined }, { location: ['This field is required.'] }],
    ['requirements blank', { requirements: '' }, { requirements: ['This field is required.'] }],
    ['company not text', { company: 42 }, { company: ['This field is required.'] }],
  ])('answers 400 with field errors for %s', async (_label, change, expected) => {
    const response = await submit(people.alumnus, { ...validReferral, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(expected);
  });

  it('reports all five fields for an empty body', async () => {
    const response = await submit(people.alumnus, {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['company', 'ctc', 'location', 'requirements', 'role']);
  });

  it.each([
    [0, 0],
    [0.1, 0.1],
    [12, 12],
    ['7.0', 7],
    [999_999.9, 999_999.9],
  ])('accepts ctc %s as %s', async (ctc, expected) => {
    const response = await submit(people.alumnus, { ...validReferral, ctc });
    expect(response.statusCode).toBe(201);
    expect(response.json().ctc).toBe(expected);
  });
});

describe('listing, closing and reopening', () => {
  let board: TestApp;
  let poster: TestUser;
  let reader: { authorization: string };

  beforeAll(async () => {
    board = await createTestApp();
    poster = await createUser(board.db, { role: 'AL' });
    reader = await authHeader(board.app, await createUser(board.db, { role: 'IN' }));
    const base = Date.UTC(2032, 0, 1);
    for (let index = 0; index < 5; index += 1) {
      await createReferralRow(board.db, {
        alumniId: poster.id,
        company: `Company ${index}`,
        role: 'Engineer',
        ctc: '10.0',
        location: 'Remote',
        requirements: 'Curiosity',
        status: index === 2 ? 'closed' : 'open',
        createdAt: new Date(base + index * 1000),
      });
    }
  });
  afterAll(() => board.close());

  it('lists open referrals newest first for any signed-in person, paginated', async () => {
    const first = await board.app.inject({ url: '/api/referrals/?limit=2', headers: reader });
    expect(first.statusCode).toBe(200);
    expect(first.json().results.map((item: { company: string }) => item.company)).toEqual(['Company 4', 'Company 3']);
    const second = await board.app.inject({ url: `/api/referrals/?limit=2&cursor=${first.json().next}`, headers: reader });
    expect(second.json().results.map((item: { company: string }) => item.company)).toEqual(['Company 1', 'Company 0']);
    expect(second.json().next).toBeNull();
    expect((await board.app.inject({ url: '/api/referrals/' })).statusCode).toBe(401);
    expect((await board.app.inject({ url: '/api/referrals/?cursor=bad', headers: reader })).statusCode).toBe(400);
  });

  it("lists the caller's own referrals including closed ones", async () => {
    const response = await board.app.inject({ url: '/api/referrals/mine/', headers: await authHeader(board.app, poster) });
    expect(response.json().results.map((item: { status: string }) => item.status)).toEqual(['open', 'open', 'closed', 'open', 'open']);
    const empty = await board.app.inject({ url: '/api/referrals/mine/', headers: reader });
    expect(empty.json()).toEqual({ results: [], next: null });
  });

  it('lets the author close and reopen (idempotent), moving the dashboard counters', async () => {
    const referral = await createReferral(people.alumnus, { company: 'Counter Co' });
    const before = await counters();
    const act = (user: TestUser, action: 'close' | 'reopen') =>
      t.app.inject({ method: 'POST', url: `/api/referrals/${referral.id}/${action}/`, headers: auth(user) });
    for (const attempt of [1, 2]) {
      const closed = await act(people.alumnus, 'close');
      expect(closed.statusCode, `close #${attempt}`).toBe(200);
      expect(closed.json().status).toBe('closed');
    }
    expect(await counters()).toEqual({
      referrals_open: before.referrals_open - 1,
      referrals_closed: before.referrals_closed + 1,
    });
    const open = await t.app.inject({ url: '/api/referrals/?limit=100', headers: auth(people.trainee) });
    expect(open.json().results.map((item: { id: number }) => item.id)).not.toContain(referral.id);
    const reopened = await act(people.alumnus, 'reopen');
    expect(reopened.json().status).toBe('open');
    expect(await counters()).toEqual(before);
  });

  it('refuses others: 403 for another alumnus or a trainee, 403 for an admin reopening, 404 for unknown ids', async () => {
    const referral = await createReferral(people.alumnus);
    const act = (user: TestUser, action: 'close' | 'reopen', id = referral.id) =>
      t.app.inject({ method: 'POST', url: `/api/referrals/${id}/${action}/`, headers: auth(user) });
    for (const user of [people.otherAlumnus, people.trainee, people.intern]) {
      const refused = await act(user, 'close');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: REFERRAL_MESSAGES.notYours, code: 'forbidden' });
    }
    expect((await act(people.admin, 'reopen')).statusCode).toBe(403);
    expect((await act(people.alumnus, 'close', 999_999)).statusCode).toBe(404);
    const [row] = await t.db.select().from(referrals).where(eq(referrals.id, referral.id));
    expect(row?.status).toBe('open');
  });

  it("audits an admin closing someone else's referral, once", async () => {
    const referral = await createReferral(people.otherAlumnus, { company: 'Audited', role: 'Designer' });
    for (const attempt of [1, 2]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/referrals/${referral.id}/close/`, headers: auth(people.admin) });
      expect(response.statusCode, `close #${attempt}`).toBe(200);
    }
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'referral'), eq(auditLog.targetId, referral.id)));
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'referral.close',
        actorId: people.admin.id,
        actorLabel: people.admin.email,
        targetLabel: 'Designer at Audited',
      }),
    ]);
  });

  it('gives admins every referral with a status filter, and refuses everyone else', async () => {
    const adminAuth = await authHeader(board.app, await createUser(board.db, { role: 'AD' }));
    const all = await board.app.inject({ url: '/api/admin/referrals/', headers: adminAuth });
    expect(all.statusCode).toBe(200);
    expect(all.json().results).toHaveLength(5);
    const closed = await board.app.inject({ url: '/api/admin/referrals/?status=closed', headers: adminAuth });
    expect(closed.json().results.map((item: { company: string }) => item.company)).toEqual(['Company 2']);
    const open = await board.app.inject({ url: '/api/admin/referrals/?status=open&limit=3', headers: adminAuth });
    expect(open.json().results).toHaveLength(3);
    expect(open.json().next).toEqual(expect.any(String));
    expect((await board.app.inject({ url: '/api/admin/referrals/?status=pending', headers: adminAuth })).statusCode).toBe(400);
    const refused = await board.app.inject({ url: '/api/admin/referrals/', headers: reader });
    expect(refused.statusCode).toBe(403);
    expect((await board.app.inject({ url: '/api/admin/referrals/' })).statusCode).toBe(401);
  });
});
