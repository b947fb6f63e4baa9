import type { ReferralRequestStatus } from '@alumlink/contract';
import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { referralRequestEvents, referralRequests, referrals, users, type ReferralRequestRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { personFieldForViewerSql, userSummaryColumnsForViewer } from '../users/index';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';

const owners = alias(users, 'owner');
const requesters = alias(users, 'requester');
const actors = alias(users, 'actor');

export type ReferralRequestListRow = Pick<
  ReferralRequestRow,
  'id' | 'status' | 'message' | 'resumeUrl' | 'createdAt' | 'updatedAt' | 'referralId' | 'requesterId'
> & {
  referral: { id: number; company: string; role: string; status: string };
  /** Null once the offer's owner left. */
  owner: UserSummaryRow | null;
  /** Null once the requester left. */
  requester: (UserSummaryRow & { headline: string; cohortYear: number | null }) | null;
};

export type ReferralRequestSearch = {
  viewer: Viewer;
  requestId?: number;
  referralId?: number;
  requesterId?: number;
  /** Requests strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  take: number;
};

/**
 * Requests newest first with their offer, its owner and the requester, in one query: served by
 * referral_requests_referral_created_idx (one offer) or referral_requests_requester_created_idx (one person).
 */
export function referralRequestsQuery(db: Executor, search: ReferralRequestSearch) {
  const conditions: SQL[] = [];
  if (search.requestId !== undefined) conditions.push(eq(referralRequests.id, search.requestId));
  if (search.referralId !== undefined) conditions.push(eq(referralRequests.referralId, search.referralId));
  if (search.requesterId !== undefined) conditions.push(eq(referralRequests.requesterId, search.requesterId));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${referralRequests.createdAt}, ${referralRequests.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return selectRequests(db, search.viewer.id, search.viewer.role === 'AD')
    .where(and(...conditions))
    .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id))
    .limit(search.take);
}

/** Whose requests a page lists: one offer's, one requester's, or those on every offer of one alumnus. */
export type RequestsBy = 'referral' | 'requester' | 'owner';

/**
 * referralRequestsQuery for a prepared statement: one offer's requests (`by` referral), one
 * person's (`by` requester) or those on all offers of one alumnus (`by` owner: referrals_alumni_idx,
 * then each offer's referral_requests_referral_created_idx), the id and the viewer as placeholders
 * (id, viewerId, seesEveryone) and the keyset position too (beforeAt, beforeId: beforeParams); the
 * page size is in the text (literalLimit), so PostgreSQL keeps the generic plan.
 */
export function referralRequestsPageQuery(db: Executor, by: RequestsBy, take: number) {
  const column = by === 'referral' ? referralRequests.referralId : by === 'requester' ? referralRequests.requesterId : referrals.alumniId;
  return selectRequests(db, sql.placeholder('viewerId'), sql.placeholder('seesEveryone'))
    .where(
      and(
        sql`${column} = ${sql.placeholder('id')}::integer`,
        sql`(${referralRequests.createdAt}, ${referralRequests.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
      ),
    )
    .orderBy(desc(referralRequests.createdAt), desc(referralRequests.id))
    .limit(literalLimit(take));
}

/** The columns and joins of a request list, the viewer given as values or placeholders. */
function selectRequests(db: Executor, viewerId: number | Placeholder, seesEveryone: boolean | Placeholder) {
  return (
    db
      .select({
        id: referralRequests.id,
        status: referralRequests.status,
        message: referralRequests.message,
        resumeUrl: referralRequests.resumeUrl,
        createdAt: referralRequests.createdAt,
        updatedAt: referralRequests.updatedAt,
        referralId: referralRequests.referralId,
        requesterId: referralRequests.requesterId,
        referral: { id: referrals.id, company: referrals.company, role: referrals.role, status: referrals.status },
        owner: userSummaryColumnsForViewer(viewerId, seesEveryone, owners),
        requester: {
          ...userSummaryColumnsForViewer(viewerId, seesEveryone, requesters),
          headline: requesters.headline,
          // Per-field privacy: the cohort year as the viewer may see it (it leaked on the board before).
          cohortYear: personFieldForViewerSql(viewerId, seesEveryone, 'cohort_year', requesters),
        },
      })
      .from(referralRequests)
      .innerJoin(referrals, eq(referrals.id, referralRequests.referralId))
      // Either person may have left: the request stays for the other and for the outcomes.
      .leftJoin(owners, eq(owners.id, referrals.alumniId))
      .leftJoin(requesters, eq(requesters.id, referralRequests.requesterId))
  );
}

/** A person joined from the left: null when they left (the e-mail expression may answer even then). */
function present<Row extends { id: number | null }>(row: Row | null): (Row & { id: number }) | null {
  return row?.id == null ? null : (row as Row & { id: number });
}

export async function findReferralRequests(db: Executor, search: ReferralRequestSearch): Promise<ReferralRequestListRow[]> {
  return presentRequestRows(await referralRequestsQuery(db, search).execute());
}

/** Rows of selectRequests with the people who left as null. */
export function presentRequestRows(rows: Awaited<ReturnType<typeof referralRequestsQuery>>): ReferralRequestListRow[] {
  return rows.map((row) => ({ ...row, owner: present(row.owner), requester: present(row.requester) }));
}

export type ReferralRequestEventListRow = { status: string; note: string | null; createdAt: Date; actor: UserSummaryRow | null };

/** One request's history, oldest first (referral_request_events_request_idx). */
export async function findReferralRequestEvents(db: Executor, viewer: Viewer, requestId: number): Promise<ReferralRequestEventListRow[]> {
  const rows = await db
    .select({
      status: referralRequestEvents.status,
      note: referralRequestEvents.note,
      createdAt: referralRequestEvents.createdAt,
      actor: userSummaryColumnsFor(viewer, actors),
    })
    .from(referralRequestEvents)
    .leftJoin(actors, eq(actors.id, referralRequestEvents.actorId))
    .where(eq(referralRequestEvents.requestId, requestId))
    .orderBy(asc(referralRequestEvents.createdAt), asc(referralRequestEvents.id));
  return rows.map(({ actor, ...row }) => {
    // No actor (the system, or a deleted person): the left join answers null.
    const actorId = (actor as { id: number | null } | null)?.id ?? null;
    return { ...row, actor: actorId === null ? null : (actor as UserSummaryRow) };
  });
}

export type LockedReferralRequest = {
  id: number;
  status: string;
  /** Null once the requester left. */
  requesterId: number | null;
  referralId: number;
  /** Null once the offer's owner left. */
  ownerId: number | null;
  company: string;
  role: string;
};

/**
 * The request with its offer's owner, locked for the rest of the transaction (two moves at once:
 * one waits). Outside a transaction, a plain read.
 */
export async function lockReferralRequest(db: Executor, requestId: number): Promise<LockedReferralRequest | null> {
  const [row] = await db
    .select({
      id: referralRequests.id,
      status: referralRequests.status,
      requesterId: referralRequests.requesterId,
      referralId: referralRequests.referralId,
      ownerId: referrals.alumniId,
      company: referrals.company,
      role: referrals.role,
    })
    .from(referralRequests)
    .innerJoin(referrals, eq(referrals.id, referralRequests.referralId))
    .where(eq(referralRequests.id, requestId))
    .for('update', { of: referralRequests })
    .limit(1);
  return row ?? null;
}

export async function insertReferralRequest(
  db: Executor,
  values: { referralId: number; requesterId: number; message: string; resumeUrl: string | null },
): Promise<number> {
  const [row] = await db.insert(referralRequests).values(values).returning({ id: referralRequests.id });
  if (!row) throw new Error('insertReferralRequest: no row returned');
  return row.id;
}

export async function insertReferralRequestEvents(
  db: Executor,
  events: { requestId: number; status: ReferralRequestStatus; note: string | null; actorId: number | null; createdAt?: Date }[],
): Promise<void> {
  if (events.length > 0) await db.insert(referralRequestEvents).values(events);
}

/** Sets the status (and referred_at on a referral) of a locked request. */
export async function setReferralRequestStatus(db: Executor, requestId: number, status: ReferralRequestStatus, now: Date): Promise<void> {
  await db
    .update(referralRequests)
    .set({ status, updatedAt: now, ...(status === 'referred' ? { referredAt: now } : {}) })
    .where(eq(referralRequests.id, requestId));
}

/** An offer's owner, status and title (or null). */
export async function findOffer(
  db: Executor,
  referralId: number,
): Promise<{ id: number; alumniId: number | null; status: string; role: string; company: string } | null> {
  const [row] = await db
    .select({ id: referrals.id, alumniId: referrals.alumniId, status: referrals.status, role: referrals.role, company: referrals.company })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .limit(1);
  return row ?? null;
}

/** The titles of some offers, by id. */
export async function findOfferTitles(db: Executor, referralIds: number[]): Promise<Map<number, { role: string; company: string }>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .select({ id: referrals.id, role: referrals.role, company: referrals.company })
    .from(referrals)
    .where(inArray(referrals.id, [...new Set(referralIds)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The owners of some offers, by offer id (null once an owner left). */
export async function findOfferOwners(db: Executor, referralIds: number[]): Promise<Map<number, number | null>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .select({ id: referrals.id, alumniId: referrals.alumniId })
    .from(referrals)
    .where(inArray(referrals.id, [...new Set(referralIds)]));
  return new Map(rows.map((row) => [row.id, row.alumniId]));
}
