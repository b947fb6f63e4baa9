import { and, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { referrals, users } from '../../db/schema/index';
import { fieldVisibleSql, visibleToSql, type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';

export type CompanyAlumnusRow = UserSummaryRow & { headline: string; jobTitle: string; openReferralId: number | null };

/**
 * Alumni at `company` (case-insensitive, whole value) who are open to referrals, active, verified
 * and visible to the viewer (their company too), the viewer left out: served by the partial users_referral_company_idx.
 */
function conditionsOf(viewer: Viewer, company: string): SQL | undefined {
  return and(
    sql`lower(${users.company}) = lower(${company})`,
    eq(users.openToReferrals, true),
    eq(users.role, 'AL'),
    eq(users.isActive, true),
    isNotNull(users.emailVerifiedAt),
    ne(users.id, viewer.id),
    visibleToSql(viewer, users.id),
    // Someone who keeps their company to themselves (per-field privacy) is not found by it.
    fieldVisibleSql(viewer, users.id, 'company'),
  );
}

/** Up to `take` of them (oldest accounts first, a stable order) with their newest open offer at that company. */
export function companyAlumniQuery(db: Executor, viewer: Viewer, company: string, take: number) {
  const openReferral = db
    .select({ id: referrals.id })
    .from(referrals)
    .where(and(eq(referrals.alumniId, users.id), eq(referrals.status, 'open'), sql`lower(${referrals.company}) = lower(${company})`))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(1);
  return db
    .select({
      ...userSummaryColumnsFor(viewer),
      headline: users.headline,
      jobTitle: users.jobTitle,
      openReferralId: sql<number | null>`(${openReferral})`,
    })
    .from(users)
    .where(conditionsOf(viewer, company))
    .orderBy(users.id)
    .limit(take);
}

export function findCompanyAlumni(db: Executor, viewer: Viewer, company: string, take: number): Promise<CompanyAlumnusRow[]> {
  return companyAlumniQuery(db, viewer, company, take).execute();
}

export async function countCompanyAlumni(db: Executor, viewer: Viewer, company: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(conditionsOf(viewer, company));
  return row?.count ?? 0;
}
