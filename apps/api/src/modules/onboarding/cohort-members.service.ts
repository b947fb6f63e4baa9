import { INVITATION_MESSAGES, type CohortMemberPage, type PageQuery, type Role } from '@alumlink/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { cohortMembers, cohorts, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { decodeIdCursor, encodeIdCursor } from '../../lib/pagination';

/**
 * GET /api/admin/cohorts/{id}/members/: a cohort's people by account id (keyset on
 * cohort_members_cohort_idx), `query.limit` a page; 404 for an unknown cohort.
 */
export async function listCohortMembers(ctx: AppContext, cohortId: number, query: PageQuery): Promise<CohortMemberPage> {
  const [cohort] = await ctx.db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId));
  if (!cohort) throw notFound(INVITATION_MESSAGES.cohortNotFound);
  const afterId = query.cursor ? decodeIdCursor(query.cursor) : undefined;
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      joinedAt: cohortMembers.joinedAt,
    })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .where(and(eq(cohortMembers.cohortId, cohortId), afterId === undefined ? undefined : gt(cohortMembers.userId, afterId)))
    .orderBy(asc(cohortMembers.userId))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    results: items.map((row) => ({
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      role: row.role as Role,
      joined_at: row.joinedAt.toISOString(),
    })),
    next: rows.length > query.limit && last ? encodeIdCursor(last.id) : null,
  };
}
