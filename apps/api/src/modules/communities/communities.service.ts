import type { Community, CommunityMembership } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { notFound, postgresErrorCode } from '../../lib/errors';
import { presentCommunity } from './communities.presenter';
import * as repository from './communities.repository';

const FOREIGN_KEY_VIOLATION = '23503';
const communityNotFound = () => notFound('Community not found.');

/** Every community of the hub, ordered by name; public (is_member false for visitors). The rows are the answer. */
export function listCommunities(ctx: AppContext, viewerId: number | null): Promise<Community[]> {
  return viewerId === null ? repository.listCommunitiesByName(ctx.db, null) : ctx.repositories.communities.listByName(viewerId);
}

/** One community by slug; public. */
export async function getCommunity(ctx: AppContext, slug: string, viewerId: number | null): Promise<Community> {
  const row = await repository.findCommunityBySlug(ctx.db, slug, viewerId);
  if (!row) throw communityNotFound();
  return presentCommunity(row);
}

/**
 * Joins (or leaves) a community. The membership row and members_count change in one
 * transaction, the count by the rows actually inserted or deleted, so repeated and concurrent
 * clicks leave one membership and a matching count.
 */
export async function setMembership(ctx: AppContext, user: AuthUser, slug: string, member: boolean): Promise<CommunityMembership> {
  const communityId = await repository.findCommunityIdBySlug(ctx.db, slug);
  if (communityId === null) throw communityNotFound();
  try {
    return await ctx.db.transaction(async (tx) => {
      const changed = member
        ? await repository.insertMember(tx, communityId, user.id)
        : await repository.deleteMember(tx, communityId, user.id);
      const delta = changed ? (member ? 1 : -1) : 0;
      const membersCount = await repository.bumpMembersCount(tx, communityId, delta);
      // Deleted meanwhile: throwing rolls the membership back.
      if (membersCount === null) throw communityNotFound();
      return { is_member: member, members_count: membersCount };
    });
  } catch (error) {
    // The community was deleted between the lookup and the insert.
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw communityNotFound();
    throw error;
  }
}
