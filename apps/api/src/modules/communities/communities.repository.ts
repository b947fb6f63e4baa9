import type { Community } from '@alumlink/contract';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeRaw, prepareRawStatement, sqlInteger } from '../../db/prepared';
import { communities, communityMembers, type CommunityRow } from '../../db/schema/index';
import { spaceBySlugQuery } from './spaces.repository';

/** Upper bound of the hub; the list is small by nature, but no query is unbounded. */
export const COMMUNITIES_MAX = 200;

/** A community and whether the viewer is a member of it. */
export type CommunityListRow = CommunityRow & { isMember: boolean };

/** Membership of the viewer: an EXISTS on the community_members primary key (false for visitors). */
function isMemberColumn(viewerId: number | Placeholder | null) {
  if (viewerId === null) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${communityMembers} where ${communityMembers.communityId} = ${communities.id} and ${communityMembers.userId} = ${viewerId}::integer)`;
}

function communityColumns(viewerId: number | Placeholder | null) {
  return {
    id: communities.id,
    slug: communities.slug,
    name: communities.name,
    description: communities.description,
    icon: communities.icon,
    membersCount: communities.membersCount,
    visibility: communities.visibility,
    createdAt: communities.createdAt,
    isMember: isMemberColumn(viewerId),
  };
}

/**
 * Every community by name with the viewer's membership, as the list answers it (snake_case, no
 * drizzle mapping, no timestamp: the rows are the answer); the viewer a value, null (a visitor) or
 * a placeholder.
 */
export function communitiesByNameSql(viewerId: number | Placeholder | null): SQL {
  return sql`select ${communities.id} as id, ${communities.slug} as slug, ${communities.name} as name,
      ${communities.description} as description, ${communities.icon} as icon, ${communities.membersCount} as members_count,
      ${isMemberColumn(viewerId)} as is_member, ${communities.visibility} as visibility
    from ${communities}
    order by ${communities.name}, ${communities.id}
    limit ${sqlInteger(COMMUNITIES_MAX)}`;
}

export function listCommunitiesByName(db: Executor, viewerId: number | null): Promise<Community[]> {
  return executeRaw<Community>(db, communitiesByNameSql(viewerId));
}

/** The communities list for signed-in people as a prepared statement (`ctx.repositories.communities`). */
export function createCommunitiesRepository(db: Database) {
  const byName = prepareRawStatement<Community>(db, 'communities_by_name', communitiesByNameSql(sql.placeholder('viewerId')));
  const spaceBySlug = spaceBySlugQuery(db, sql.placeholder('slug'), sql.placeholder('personId')).prepare('communities_space_by_slug');
  return {
    /** A space's id and visibility by slug, with whether `personId` moderates it and is a member. */
    async spaceBySlug(slug: string, personId: number) {
      const [row] = await spaceBySlug.execute({ slug, personId });
      return row ?? null;
    },
    /** Every community by name with whether `viewerId` is a member, as the list answers them. */
    listByName(viewerId: number): Promise<Community[]> {
      return byName.execute({ viewerId });
    },
  };
}

export async function findCommunityBySlug(db: Executor, slug: string, viewerId: number | null): Promise<CommunityListRow | null> {
  const [row] = await db.select(communityColumns(viewerId)).from(communities).where(eq(communities.slug, slug)).limit(1);
  return row ?? null;
}

export async function findCommunityIdBySlug(db: Executor, slug: string): Promise<number | null> {
  const [row] = await db.select({ id: communities.id }).from(communities).where(eq(communities.slug, slug)).limit(1);
  return row?.id ?? null;
}

/** Adds the membership; true when it was new (a concurrent duplicate waits, then does nothing). */
export async function insertMember(db: Executor, communityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .insert(communityMembers)
    .values({ communityId, userId })
    .onConflictDoNothing()
    .returning({ userId: communityMembers.userId });
  return rows.length > 0;
}

/** Removes the membership; true when there was one. */
export async function deleteMember(db: Executor, communityId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(communityMembers)
    .where(and(eq(communityMembers.communityId, communityId), eq(communityMembers.userId, userId)))
    .returning({ userId: communityMembers.userId });
  return rows.length > 0;
}

/** Adds delta to members_count (0 just reads it); the new value, or null when the community is gone. */
export async function bumpMembersCount(db: Executor, communityId: number, delta: number): Promise<number | null> {
  if (delta === 0) {
    const [row] = await db.select({ value: communities.membersCount }).from(communities).where(eq(communities.id, communityId)).limit(1);
    return row?.value ?? null;
  }
  const [row] = await db
    .update(communities)
    .set({ membersCount: sql`${communities.membersCount} + ${delta}` })
    .where(eq(communities.id, communityId))
    .returning({ value: communities.membersCount });
  return row?.value ?? null;
}

/** A person leaves (communities.leave.ts): their memberships come off members_count (community_members_user_idx). */
export async function releaseMembershipsOf(db: Executor, personId: number): Promise<void> {
  await db.execute(sql`
    update communities c set members_count = c.members_count - 1
    from community_members m where m.user_id = ${personId} and c.id = m.community_id`);
}
