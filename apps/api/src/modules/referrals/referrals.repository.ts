import type { ReferralStatus } from '@alumlink/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { executeRaw } from '../../db/prepared';
import { auditLog, referralRequests, referrals, type ReferralRow } from '../../db/schema/index';
import type { Viewer } from '../settings/visibility';
import { referralsQuery, type ReferralSearch, type ReferralSqlRow } from './referral-offers.sql';

/** Referrals newest first with their alumni and the viewer's latest request on each (referralsQuery), planned per call. */
export function findReferrals(db: Executor, search: ReferralSearch): Promise<ReferralSqlRow[]> {
  return executeRaw<ReferralSqlRow>(db, referralsQuery(search));
}

export async function findReferral(db: Executor, viewer: Viewer, referralId: number): Promise<ReferralSqlRow | null> {
  const [row] = await findReferrals(db, { viewer, referralId, take: 1 });
  return row ?? null;
}

/**
 * The person's latest request on each of these offers (any status), by offer id: one query on
 * referral_requests_requester_created_idx, for the "Asked" state of a page of offers.
 */
export async function findLatestRequestsOf(
  db: Executor,
  requesterId: number,
  referralIds: number[],
): Promise<Map<number, { id: number; status: string }>> {
  if (referralIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([referralRequests.referralId], {
      referralId: referralRequests.referralId,
      id: referralRequests.id,
      status: referralRequests.status,
    })
    .from(referralRequests)
    .where(and(eq(referralRequests.requesterId, requesterId), inArray(referralRequests.referralId, referralIds)))
    .orderBy(referralRequests.referralId, desc(referralRequests.createdAt), desc(referralRequests.id));
  return new Map(rows.map((row) => [row.referralId, { id: row.id, status: row.status }]));
}

/** The referral's alumnus and status, locked for the rest of the transaction. */
export async function lockReferral(
  db: Executor,
  referralId: number,
): Promise<Pick<ReferralRow, 'id' | 'alumniId' | 'status' | 'company' | 'role'> | null> {
  const [row] = await db
    .select({ id: referrals.id, alumniId: referrals.alumniId, status: referrals.status, company: referrals.company, role: referrals.role })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .for('update')
    .limit(1);
  return row ?? null;
}

export type NewReferral = { alumniId: number; company: string; role: string; ctc: number; location: string; requirements: string };

export async function insertReferral(db: Executor, values: NewReferral): Promise<number> {
  const [row] = await db
    .insert(referrals)
    .values({ ...values, ctc: values.ctc.toFixed(1) })
    .returning({ id: referrals.id });
  if (!row) throw new Error('insertReferral: no row returned');
  return row.id;
}

export async function setReferralStatus(db: Executor, referralId: number, status: ReferralStatus): Promise<void> {
  const now = new Date();
  await db
    .update(referrals)
    .set({ status, updatedAt: now, closedAt: status === 'closed' ? now : null })
    .where(eq(referrals.id, referralId));
}

/** Closes every open offer of a person (their account is being deleted). */
export async function closeOpenReferralsOf(db: Executor, alumniId: number): Promise<number[]> {
  const now = new Date();
  const rows = await db
    .update(referrals)
    .set({ status: 'closed', updatedAt: now, closedAt: now })
    .where(and(eq(referrals.alumniId, alumniId), eq(referrals.status, 'open')))
    .returning({ id: referrals.id });
  return rows.map((row) => row.id);
}

export async function insertReferralAudit(
  db: Executor,
  entry: { actorId: number; actorLabel: string; action: 'referral.close'; targetId: number; targetLabel: string },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, targetType: 'referral' });
}
