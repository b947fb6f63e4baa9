import type { CommunityVisibility } from '@alumlink/contract';
import { and, asc, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { communities, communityMembers, communityModerators, users } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import { visibleToSql, type Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsOfListed } from '../users/index';

/** Upper bound of a space's moderators listed (a handful by nature; no query is unbounded). */
export const MODERATORS_MAX = 50;

/** A space's id and visibility by slug, with whether `personId` moderates it and is a member; slug and person as values or placeholders. */
export function spaceBySlugQuery(db: Executor, slug: string | Placeholder, personId: number | Placeholder) {
  return db
    .select({
      id: communities.id,
      visibility: communities.visibility,
      isModerator: sql<boolean>`exists (select from ${communityModerators} where ${communityModerators.communityId} = ${communities.id} and ${communityModerators.userId} = ${personId}::integer)`,
      isMember: sql<boolean>`exists (select from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${personId}::integer)`,
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

/**
 * A page of the space's active members the viewer may see (profile visibility: hidden people are
 * not named), newest first, keyset on (joined at, id) (community_members_community_joined_idx).
 */
export function findMembers(
  db: Executor,
  viewer: Viewer,
  page: { communityId: number; before?: CursorPosition; take: number },
): Promise<(UserSummaryRow & { joinedAt: Date })[]> {
  const conditions: (SQL | undefined)[] = [
    eq(communityMembers.communityId, page.communityId),
    eq(users.isActive, true),
    visibleToSql(viewer, users.id),
  ];
  if (page.before) {
    const { at, id } = page.before;
    conditions.push(sql`(${communityMembers.createdAt}, ${communityMembers.userId}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({ ...userSummaryColumnsOfListed(viewer.id, viewer.role === 'AD'), joinedAt: communityMembers.createdAt })
    .from(communityMembers)
    .innerJoin(users, eq(users.id, communityMembers.userId))
    .where(and(...conditions))
    .orderBy(desc(communityMembers.createdAt), desc(communityMembers.userId))
    .limit(page.take);
}
