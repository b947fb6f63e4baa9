import type { ReferralStatus } from '@alumlink/contract';
import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { auditLog, referralRequests, referrals, users, type ReferralRow, type UserRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { userSummaryColumnsForViewer } from '../users/index';

/** A referral with the alumnus offering it. */
export type ReferralListRow = Pick<
  ReferralRow,
  'id' | 'alumniId' | 'company' | 'role' | 'ctc' | 'location' | 'requirements' | 'status' | 'createdAt'
> & {
  /** Null once the alumnus left (the offer stays, closed, for the requests made on it). */
  alumni: Pick<UserRow, 'id' | 'username' | 'firstName' | 'lastName' | 'email' | 'role' | 'image'> | null;
};

export type ReferralSearch = {
  /** Who is looking: alumni's e-mails as they may read them. */
  viewer: Viewer;
  referralId?: number;
  status?: ReferralStatus;
  alumniId?: number;
  /** Referrals strictly older than this position (newest-first keyset). */
  before?: CursorPosition;
  take: number;
};

/**
 * Referrals newest first with their alumni, in one query: served by referrals_status_created_idx
 * (by status) or referrals_alumni_idx (one alumnus).
 */
export function referralsQuery(db: Executor, search: ReferralSearch) {
  const conditions: SQL[] = [];
  if (search.referralId !== undefined) conditions.push(eq(referrals.id, search.referralId));
  if (search.status !== undefined) conditions.push(eq(referrals.status, search.status));
  if (search.alumniId !== undefined) conditions.push(eq(referrals.alumniId, search.alumniId));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${referrals.createdAt}, ${referrals.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return selectReferrals(db, search.viewer.id, search.viewer.role === 'AD')
    .where(and(...conditions))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(search.take);
}

/**
 * The open offers newest first as a prepared statement (placeholders viewerId, seesEveryone,
 * beforeAt, beforeId; the page size in the text): referrals_status_created_idx.
 */
export function openReferralsPageQuery(db: Executor, take: number) {
  return selectReferrals(db, sql.placeholder('viewerId'), sql.placeholder('seesEveryone'))
    .where(
      and(
        eq(referrals.status, 'open'),
        sql`(${referrals.createdAt}, ${referrals.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
      ),
    )
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(literalLimit(take));
}

function selectReferrals(db: Executor, viewerId: number | Placeholder, seesEveryone: boolean | Placeholder) {
  return db
    .select({
      id: referrals.id,
      alumniId: referrals.alumniId,
      company: referrals.company,
      role: referrals.role,
      ctc: referrals.ctc,
      location: referrals.location,
      requirements: referrals.requirements,
      status: referrals.status,
      createdAt: referrals.createdAt,
      alumni: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        email: userSummaryColumnsForViewer(viewerId, seesEveryone).email,
        role: users.role,
        image: users.image,
      },
    })
    .from(referrals)
    .leftJoin(users, eq(users.id, referrals.alumniId));
}

export async function findReferrals(db: Executor, search: ReferralSearch): Promise<ReferralListRow[]> {
  return presentReferralRows(await referralsQuery(db, search).execute());
}

/** Rows of selectReferrals with an alumnus who left as null. */
export function presentReferralRows(rows: Awaited<ReturnType<typeof referralsQuery>>): ReferralListRow[] {
  // The e-mail expression answers even when the alumnus is gone: the id says whether they are.
  return rows.map((row) => ({ ...row, alumni: row.alumni?.id == null ? null : (row.alumni as NonNullable<ReferralListRow['alumni']>) }));
}

export async function findReferral(db: Executor, viewer: Viewer, referralId: number): Promise<ReferralListRow | null> {
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
