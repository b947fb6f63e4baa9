import type { ReferralRequestStatus } from '@alumlink/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { executeRaw } from '../../db/prepared';
import { referralRequestEvents, referralRequests, referrals, users } from '../../db/schema/index';
import type { Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';
import { referralRequestsQuery, type ReferralRequestSearch, type ReferralRequestSqlRow } from './referral-request-page.sql';

const actors = alias(users, 'actor');

/** Requests newest first with their offer, its owner and the requester (referralRequestsQuery), planned per call. */
export function findReferralRequests(db: Executor, search: ReferralRequestSearch): Promise<ReferralRequestSqlRow[]> {
  return executeRaw<ReferralRequestSqlRow>(db, referralRequestsQuery(search));
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
