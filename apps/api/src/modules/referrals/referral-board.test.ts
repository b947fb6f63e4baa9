import { HIDDEN_EMAIL, type ReferralRequest } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { referrals } from '../../db/schema/index';
import { isOfferRow, offerOfBoardRow, requestOfBoardRow } from './referral-board.sql';
import { OFFER_COLUMN_NAMES, REQUEST_COLUMN_NAMES } from './referral-request-page.sql';
import { presentBoard } from './referral-requests.presenter';
import { authHeader, connect, createUser, createUserSettings, useRecordingTestApp, type TestUser } from '../../test/index';

// An offer's board (GET /api/referrals/{id}/requests/) reads the offer and its page in one
// statement, and still answers 404 for no such offer and 403 to anyone but its owner and admins.
const { t, statementsOf } = useRecordingTestApp(/\breferral_requests\b|\breferrals\b/);
let owner: TestUser;
let admin: TestUser;
let otherAlumnus: TestUser;
let trainee: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  owner = await createUser(t.db, { role: 'AL' });
  admin = await createUser(t.db, { role: 'AD' });
  otherAlumnus = await createUser(t.db, { role: 'AL' });
  trainee = await createUser(t.db, { role: 'TR' });
  stranger = await createUser(t.db, { role: 'IN' });
});

async function offerBy(person: TestUser): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/referrals/create/',
    headers: await authHeader(t.app, person),
    payload: { company: 'Globex', role: 'Frontend Engineer', ctc: 20, location: 'Pune', requirements: 'React' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

async function ask(referralId: number, person: TestUser): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/referrals/${referralId}/requests/`,
    headers: await authHeader(t.app, person),
    payload: { message: 'I would love a referral.' },
  });
  expect(response.statusCode, response.body).toBe(201);
}

const board = (person: TestUser, referralId: number, query = '') => statementsOf(person, `/api/referrals/${referralId}/requests/${query}`);

describe("GET /api/referrals/{id}/requests/ (an offer's board)", () => {
  it('answers its owner and admins in one statement, each request as its own detail shows it', async () => {
    const referralId = await offerBy(owner);
    await ask(referralId, trainee);
    await ask(referralId, stranger);
    for (const reader of [owner, admin]) {
      const { response, statements } = await board(reader, referralId);
      expect(response.statusCode, response.body).toBe(200);
      expect(statements).toBe(1);
      const results = response.json<{ results: ReferralRequest[] }>().results;
      expect(results.map((request) => request.requester?.id)).toEqual([stranger.id, trainee.id]);
      for (const request of results) {
        const detail = await t.app.inject({ url: `/api/referral-requests/${request.id}/`, headers: await authHeader(t.app, reader) });
        const { history, ...shown } = detail.json<ReferralRequest & { history: unknown[] }>();
        expect(history.length).toBeGreaterThan(0);
        expect(request).toEqual(shown);
      }
    }
  });

  it('answers 403 in one statement to anyone else, whatever their role: a stranger, a trainee who asked, another alumnus', async () => {
    const referralId = await offerBy(owner);
    await ask(referralId, trainee);
    for (const reader of [stranger, trainee, otherAlumnus]) {
      const { response, statements } = await board(reader, referralId);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
      expect(statements).toBe(1);
    }
  });

  it('answers 404 in one statement when there is no such offer, to its would-be owner and to admins', async () => {
    for (const reader of [owner, admin]) {
      const { response, statements } = await board(reader, 2_000_000);
      expect(response.statusCode).toBe(404);
      expect(statements).toBe(1);
    }
  });

  it('answers an empty page for an offer nobody asked on, and past its last request', async () => {
    const quiet = await offerBy(owner);
    for (const reader of [owner, admin]) {
      const { response } = await board(reader, quiet);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ results: [], next: null });
    }
    const asked = await offerBy(owner);
    await ask(asked, trainee);
    const first = (await board(owner, asked, '?limit=1')).response.json<{ results: unknown[]; next: string | null }>();
    expect(first.results).toHaveLength(1);
    expect(first.next).toBeNull();
  });

  it('shows an offer whose owner left to admins only (its alumnus null), and refuses everyone else', async () => {
    const leaving = await createUser(t.db, { role: 'AL' });
    const referralId = await offerBy(leaving);
    await ask(referralId, trainee);
    await t.db.update(referrals).set({ alumniId: null }).where(eq(referrals.id, referralId));
    const { response } = await board(admin, referralId);
    expect(response.statusCode).toBe(200);
    const results = response.json<{ results: ReferralRequest[] }>().results;
    expect(results.map((request) => [request.requester?.id, request.referral.alumni])).toEqual([[trainee.id, null]]);
    for (const reader of [leaving, trainee, stranger]) expect((await board(reader, referralId)).response.statusCode).toBe(403);
  });

  it("reads the offer and its owner in one row, not again on each request's row, and presents the page newest first", async () => {
    const referralId = await offerBy(owner);
    await ask(referralId, trainee);
    await ask(referralId, stranger);
    const rows = await t.ctx.repositories.referrals.board(referralId, { viewer: { id: owner.id, role: 'AL' }, take: 21 });
    expect(rows).toHaveLength(3);
    // Each row is its values, the offer's columns then the request's (no object per row).
    for (const row of rows) expect(row).toHaveLength(OFFER_COLUMN_NAMES.length + REQUEST_COLUMN_NAMES.length);
    const offerRows = rows.filter(isOfferRow);
    expect(offerRows.map((row) => row.slice(OFFER_COLUMN_NAMES.length).every((value) => value === null))).toEqual([true]);
    const offer = offerRows.map(offerOfBoardRow);
    expect(offer.map((row) => [row.referral_id, row.owner_id, row.owner_email])).toEqual([[referralId, owner.id, owner.email]]);
    const requestRows = rows.filter((row) => !isOfferRow(row));
    for (const row of requestRows) expect(row.slice(0, OFFER_COLUMN_NAMES.length).every((value) => value === null)).toBe(true);
    expect(requestRows.map((row) => requestOfBoardRow(row).requester_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [trainee.id, stranger.id].sort((a, b) => a - b),
    );
    // The statement promises no order: the presenter orders the page whatever order the rows came in.
    const presented = presentBoard([...rows].reverse());
    expect(presented?.ownerId).toBe(owner.id);
    expect(presented?.requests.map((request) => request.requester?.id)).toEqual([stranger.id, trainee.id]);
    expect(presented?.requests.every((request) => request.referral.alumni?.id === owner.id)).toBe(true);
  });

  it("shows each requester's e-mail and cohort year as their privacy lets the owner, connected or not", async () => {
    const alumna = await createUser(t.db, { role: 'AL' });
    const referralId = await offerBy(alumna);
    const onlyConnections = await createUser(t.db, { role: 'TR', cohortYear: 2024 });
    const privateEmail = await createUser(t.db, { role: 'TR', cohortYear: 2023 });
    await createUserSettings(t.db, {
      userId: onlyConnections.id,
      profileVisibility: 'Only Connections',
      emailVisibleTo: 'connections',
      cohortYearVisibleTo: 'everyone',
    });
    await createUserSettings(t.db, { userId: privateEmail.id, emailVisibleTo: 'only_me', cohortYearVisibleTo: 'connections' });
    await ask(referralId, onlyConnections);
    await ask(referralId, privateEmail);
    const shown = async () =>
      (await board(alumna, referralId)).response
        .json<{ results: ReferralRequest[] }>()
        .results.map((request) => [request.requester?.id, request.requester?.email, request.requester?.cohort_year]);
    expect(await shown()).toEqual([
      [privateEmail.id, HIDDEN_EMAIL, null],
      [onlyConnections.id, HIDDEN_EMAIL, null],
    ]);
    await connect(t.app, onlyConnections, alumna);
    await connect(t.app, alumna, privateEmail);
    expect(await shown()).toEqual([
      [privateEmail.id, HIDDEN_EMAIL, 2023],
      [onlyConnections.id, onlyConnections.email, 2024],
    ]);
    // Admins see every field.
    const asAdmin = (await board(admin, referralId)).response.json<{ results: ReferralRequest[] }>().results;
    expect(asAdmin.map((request) => request.requester?.email)).toEqual([privateEmail.email, onlyConnections.email]);
  });
});
