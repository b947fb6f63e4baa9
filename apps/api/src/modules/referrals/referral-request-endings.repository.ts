import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { referralRequests, referrals } from '../../db/schema/index';

// How requests end without either side acting: an offer closes, a request waits too long, a person
// leaves. Each is one conditional UPDATE that answers the requests it changed.

export type EndedRequest = { id: number; requesterId: number | null; referralId: number };
const ENDED = { id: referralRequests.id, requesterId: referralRequests.requesterId, referralId: referralRequests.referralId };

/**
 * Turns every `requested` request of an offer `closed`, in one conditional UPDATE (served by
 * referral_requests_referral_created_idx); returns the ones it changed.
 */
export async function closeWaitingRequestsOf(db: Executor, referralId: number, now: Date): Promise<EndedRequest[]> {
  return db
    .update(referralRequests)
    .set({ status: 'closed', updatedAt: now })
    .where(and(eq(referralRequests.referralId, referralId), eq(referralRequests.status, 'requested')))
    .returning(ENDED);
}

/**
 * Expires up to `limit` requests still `requested` and made before `cutoff`, in one conditional
 * UPDATE (referral_requests_waiting_idx): a row another instance expired first no longer matches
 * once its transaction commits, so each request expires exactly once whoever runs it. The locking
 * subquery sits in `= any(array(...))` so it runs once and the batch stays at `limit` whatever the plan.
 */
export async function expireWaitingRequests(db: Executor, cutoff: Date, now: Date, limit: number): Promise<EndedRequest[]> {
  const due = db
    .select({ id: referralRequests.id })
    .from(referralRequests)
    .where(and(eq(referralRequests.status, 'requested'), lte(referralRequests.createdAt, cutoff)))
    .orderBy(asc(referralRequests.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(referralRequests)
    .set({ status: 'expired', updatedAt: now })
    .where(and(sql`${referralRequests.id} = any(array(${due}))`, eq(referralRequests.status, 'requested')))
    .returning(ENDED);
}

const ACTIVE = ['requested', 'referred', 'interviewing'] as const;

/**
 * An alumnus leaves: every request still moving on their offers (requested, referred,
 * interviewing) becomes `closed`, in one UPDATE (referrals_alumni_idx, then
 * referral_requests_referral_created_idx); finished ones (hired, declined, ...) stay as they are.
 */
export async function closeActiveRequestsOnOffersOf(db: Executor, ownerId: number, now: Date): Promise<EndedRequest[]> {
  const offers = db.select({ id: referrals.id }).from(referrals).where(eq(referrals.alumniId, ownerId));
  return db
    .update(referralRequests)
    .set({ status: 'closed', updatedAt: now })
    .where(and(inArray(referralRequests.referralId, offers), inArray(referralRequests.status, [...ACTIVE])))
    .returning(ENDED);
}

/**
 * A requester leaves: their requests still moving become `withdrawn`, and every request of theirs
 * loses its message and CV link (what they wrote is theirs; the request itself stays for the
 * offer's owner and the outcomes). referral_requests_requester_created_idx finds them.
 */
export async function withdrawAndClearRequestsOf(db: Executor, requesterId: number, now: Date): Promise<EndedRequest[]> {
  const withdrawn = await db
    .update(referralRequests)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(referralRequests.requesterId, requesterId), inArray(referralRequests.status, [...ACTIVE])))
    .returning(ENDED);
  await db.update(referralRequests).set({ message: '', resumeUrl: null }).where(eq(referralRequests.requesterId, requesterId));
  return withdrawn;
}
