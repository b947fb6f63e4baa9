import { referralRequestPageSchema, type ReferralRequestPage } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { fastJsonOf } from '../../lib/response-serializer';
import { authHeader, createUser, useTestApp, type TestUser } from '../../test/index';
import { isOfferRow, type ReferralBoardSqlRow } from './referral-board.sql';
import {
  OFFER_COLUMN_NAMES,
  REQUEST_COLUMN_NAMES,
  type OfferSqlColumns,
  type ReferralRequestSqlRow,
  type RequestSqlColumns,
} from './referral-request-page.sql';
import { presentBoard, presentReferralRequest } from './referral-requests.presenter';
import { writeReferralRequestPage } from './referral-requests.serializer';

// A page of requests is written by JSON.stringify: it must be the text the contract's compiled
// fast-json-stringify function writes, for every page the presenters can make.
const compiled = fastJsonOf(referralRequestPageSchema);

/** Strings JSON must escape, or that a writer might: quotes, backslashes, control characters, a lone surrogate. */
const ODD = ['say "hi" \\ bye', 'line\nbreak\ttab\u0001\u001f', 'lone \ud800 surrogate', 'emoji 🎉 and \u2028 \u2029', '</script>', ''];

const offerColumns = (n: number, ownerLeft: boolean): OfferSqlColumns => ({
  referral_id: 40 + n,
  offer_company: ODD[n % ODD.length] ?? 'Globex',
  offer_role: `Role ${ODD[(n + 1) % ODD.length]}`,
  offer_status: n % 2 ? 'open' : 'closed',
  owner_id: ownerLeft ? null : 7,
  owner_username: ownerLeft ? null : 'ada"',
  owner_email: ownerLeft ? null : n % 2 ? '' : 'ada@example.org',
  owner_first_name: ownerLeft ? null : 'Ada',
  owner_last_name: ownerLeft ? null : 'Love\\lace',
  owner_handle: ownerLeft || n % 2 ? null : 'ada',
  owner_role: ownerLeft ? null : 'AL',
  owner_image: ownerLeft || n % 3 ? null : 'avatars/ada.webp',
});

const requestColumns = (n: number): RequestSqlColumns => {
  const left = n % 5 === 4;
  return {
    id: 1_000 - n,
    status: ['requested', 'referred', 'declined', 'hired'][n % 4] ?? 'requested',
    message: left ? '' : `${ODD[n % ODD.length]} message ${n}`,
    resume_url: left || n % 2 ? null : `https://cv.example.org/${n}?a="b"`,
    created_at: `2026-11-${String(10 + (20 - n)).padStart(2, '0')}T10:00:00.000Z`,
    updated_at: '2026-11-30T10:00:00.000Z',
    requester_user_id: left ? null : 100 + n,
    requester_id: left ? null : 100 + n,
    requester_username: left ? null : `user${n}`,
    requester_email: left ? null : n % 3 ? '' : `user${n}@example.org`,
    requester_first_name: left ? null : ODD[(n + 2) % ODD.length]!,
    requester_last_name: left ? null : 'Last',
    requester_handle: left || n % 2 ? null : `h${n}`,
    requester_role: left ? null : 'TR',
    requester_image: left || n % 3 === 1 ? null : `avatars/${n}.webp`,
    requester_headline: left ? null : n % 4 ? `Headline ${ODD[n % ODD.length]}` : '',
    requester_cohort_year: left || n % 2 ? null : 2015 + n,
  };
};

const NONE_OF_OFFER = Object.fromEntries(OFFER_COLUMN_NAMES.map((name) => [name, null]));
const NONE_OF_REQUEST = Object.fromEntries(REQUEST_COLUMN_NAMES.map((name) => [name, null]));
/** A row as the board's statement answers it: its values, the offer's columns then the request's. */
const boardRow = (columns: Record<string, unknown>): ReferralBoardSqlRow =>
  [...OFFER_COLUMN_NAMES, ...REQUEST_COLUMN_NAMES].map((name) => columns[name] ?? null);

function boardPage(n: number, ownerLeft: boolean, requests: number, next: string | null): ReferralRequestPage {
  const rows = [boardRow({ ...offerColumns(n, ownerLeft), ...NONE_OF_REQUEST })];
  for (let i = 0; i < requests; i++) rows.push(boardRow({ ...NONE_OF_OFFER, ...requestColumns(i) }));
  expect(rows.filter(isOfferRow)).toHaveLength(1);
  const board = presentBoard(rows);
  if (!board) throw new Error('no board');
  return { results: board.requests, next };
}

describe('writeReferralRequestPage', () => {
  it("writes an offer's board as the contract's compiled function does: every nullable part null or not, strings to escape", () => {
    for (const [n, ownerLeft, requests, next] of [
      [0, false, 20, 'MjAyNi0xMS0xMFQxMDowMDowMC4wMDBafDk4MQ'],
      [1, true, 20, null],
      [2, false, 1, null],
      [3, false, 0, null],
      [4, true, 7, 'a"b'],
    ] as const) {
      const page = boardPage(n, ownerLeft, requests, next);
      expect(writeReferralRequestPage(page)).toBe(compiled(page));
    }
  });

  it('writes a page of requests each with its own offer (one own, those on own offers) as the compiled function does', () => {
    const rows: ReferralRequestSqlRow[] = Array.from({ length: 12 }, (_, n) => ({ ...offerColumns(n, n % 4 === 3), ...requestColumns(n) }));
    const page = { results: rows.map(presentReferralRequest), next: 'abc' };
    expect(writeReferralRequestPage(page)).toBe(compiled(page));
  });
});

describe('the pages of requests as the routes answer them', () => {
  const t = useTestApp();
  let owner: TestUser;
  let askers: TestUser[];
  let referralId: number;

  beforeAll(async () => {
    owner = await createUser(t.db, { role: 'AL', firstName: 'Ada "the" \\ first' });
    askers = [
      await createUser(t.db, { role: 'TR', cohortYear: 2021, headline: 'Engineer "at" \\ X', handle: 'h1', image: 'avatars/h1.webp' }),
      await createUser(t.db, { role: 'IN', lastName: 'Émile 🎉' }),
    ];
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/create/',
      headers: await authHeader(t.app, owner),
      payload: { company: 'Globex "Labs"', role: 'Frontend \\ Engineer', ctc: 20, location: 'Pune', requirements: 'React' },
    });
    referralId = offer.json<{ id: number }>().id;
    for (const [i, asker] of askers.entries()) {
      const asked = await t.app.inject({
        method: 'POST',
        url: `/api/referrals/${referralId}/requests/`,
        headers: await authHeader(t.app, asker),
        payload: { message: `Line one\nline "two" ${i}`, ...(i ? { resume_url: 'https://cv.example.org/a' } : {}) },
      });
      expect(asked.statusCode, asked.body).toBe(201);
    }
  });

  it("answers the board, one's own requests and those on one's offers in the compiled function's text", async () => {
    const reads = [
      [owner, `/api/referrals/${referralId}/requests/`],
      [owner, `/api/referrals/${referralId}/requests/?limit=1`],
      [owner, '/api/referral-requests/received/'],
      [askers[0]!, '/api/referral-requests/mine/'],
      [askers[1]!, '/api/referral-requests/mine/'],
    ] as const;
    for (const [reader, url] of reads) {
      const response = await t.app.inject({ url, headers: await authHeader(t.app, reader) });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<ReferralRequestPage>();
      expect(page.results.length).toBeGreaterThan(0);
      expect(response.body).toBe(compiled(page));
    }
  });
});
