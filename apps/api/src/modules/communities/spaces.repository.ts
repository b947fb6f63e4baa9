import type { CommunityVisibility } from '@alumlink/contract';
import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { communities, communityModerators, users } from '../../db/schema/index';
import { visibleToSql, type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsOfListed } from '../users/index';

/** Upper bound of a space's moderators listed (a handful by nature; no query is unbounded). */
export const MODERATORS_MAX = 50;

/** A space's id and visibility by slug, with whether `personId` moderates it; slug and person as values or placeholders. */
export function spaceBySlugQuery(db: Executor, slug: string | Placeholder, personId: number | Placeholder) {
  return db
    .select({
      id: communities.id,
      visibility: communities.visibility,
      isModerator: sql<boolean>`exists (select from ${communityModerators} where ${communityModerators.communityId} = ${communities.id} and ${communityModerators.userId} = ${personId}::integer)`,
    })
    .from(communities)
    .where(sql`${communities.slug} = ${slug}::text`)
    .limit(1);
}

export async function updateVisibility(db: Executor, communityId: number, visibility: CommunityVisibility): Promise<void> {
  await db.update(communities).set({ visibility }).where(eq(communities.id, communityId));
}

/** Names a moderator; true when new. */
export async function insertModerator(db: Executor, communityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(communityModerators)
    .values({ communityId, userId })
    .onConflictDoNothing()
    .returning({ userId: communityModerators.userId });
  return rows.length > 0;
}

/** Removes a moderator; true when there was one. */
export async function deleteModerator(db: Executor, communityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(communityModerators)
    .where(and(eq(communityModerators.communityId, communityId), eq(communityModerators.userId, userId)))
    .returning({ userId: communityModerators.userId });
  return rows.length > 0;
}

/** The space's moderators the viewer may see (profile visibility), by name. */
export function findModerators(db: Executor, viewer: Viewer, communityId: number): Promise<UserSummaryRow[]> {
  return db
    .select(userSummaryColumnsOfListed(viewer.id, viewer.role === 'AD'))
    .from(communityModerators)
    .innerJoin(users, eq(users.id, communityModerators.userId))
    .where(and(eq(communityModerators.communityId, communityId), eq(users.isActive, true), visibleToSql(viewer, users.id)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(MODERATORS_MAX);
}
