import type {
  CommunityMemberPage,
  CommunityModeratorList,
  CommunityVisibility,
  DeletionReason,
  PageQuery,
  PostPage,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound, postgresErrorCode } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { removePost } from '../moderation/admin-posts.service';
import { listSpacePosts, requireVisiblePost } from '../posts/posts.service';
import { presentUserSummary } from '../users/users.presenter';
import * as repository from './spaces.repository';

const FOREIGN_KEY_VIOLATION = '23503';
const communityNotFound = () => notFound('Community not found.');

async function requireSpace(ctx: AppContext, slug: string, person: AuthUser) {
  const space = await ctx.repositories.communities.spaceBySlug(slug, person.id);
  if (!space) throw communityNotFound();
  return space;
}

/**
 * A space's feed: its live posts the viewer may read (postReadableSql), newest first. One
 * statement finds the space by slug and reads the page; only an empty page asks whether the
 * space exists (404 for an unknown slug).
 */
export async function listPostsOfSpace(ctx: AppContext, viewer: AuthUser, slug: string, query: PageQuery): Promise<PostPage> {
  const page = await listSpacePosts(ctx, viewer, slug, query);
  if (page.results.length === 0) await requireSpace(ctx, slug, viewer);
  return page;
}

/** An administrator sets who reads the space's posts. */
export async function setVisibility(ctx: AppContext, admin: AuthUser, slug: string, visibility: CommunityVisibility): Promise<void> {
  const space = await requireSpace(ctx, slug, admin);
  await repository.updateVisibility(ctx.db, space.id, visibility);
}

/** An administrator names (or removes) a moderator of the space; idempotent; 404 for an unknown person. */
export async function setModerator(ctx: AppContext, admin: AuthUser, slug: string, userId: number, moderator: boolean): Promise<void> {
  const space = await requireSpace(ctx, slug, admin);
  if (!moderator) {
    await repository.deleteModerator(ctx.db, space.id, userId);
    return;
  }
  try {
    await repository.insertModerator(ctx.db, space.id, userId);
  } catch (error) {
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw notFound('User not found.');
    throw error;
  }
}

/**
 * A page of the space's members the viewer may see, newest first; a members-only space lists
 * them to its members, moderators and administrators alone (403 for others).
 */
export async function listMembers(ctx: AppContext, viewer: AuthUser, slug: string, query: PageQuery): Promise<CommunityMemberPage> {
  const space = await requireSpace(ctx, slug, viewer);
  if (space.visibility === 'members' && !space.isMember && !space.isModerator && viewer.role !== 'AD') {
    throw forbidden('Join this community to see its members.');
  }
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findMembers(ctx.db, viewer, { communityId: space.id, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.joinedAt, id: row.id }));
  return { results: items.map((row) => presentUserSummary(row)), next };
}

/** The space's moderators the viewer may see. */
export async function listModerators(ctx: AppContext, viewer: AuthUser, slug: string): Promise<CommunityModeratorList> {
  const space = await requireSpace(ctx, slug, viewer);
  const rows = await repository.findModerators(ctx.db, viewer, space.id);
  return { results: rows.map((row) => presentUserSummary(row)) };
}

/**
 * A moderator of the space (or an administrator) removes a post made in it with a reason, through
 * the administrators' removal (removePost: author notified, appeal possible, audit-logged, reports
 * closed). 404 when the post is not readable by them or not in this space, then 403 for anyone but them.
 */
export async function removePostInSpace(
  ctx: AppContext,
  person: AuthUser,
  slug: string,
  postId: number,
  reason: DeletionReason,
): Promise<{ detail: string }> {
  const space = await requireSpace(ctx, slug, person);
  // The post first: 404 tells nothing the person could not read anyway.
  const post = await requireVisiblePost(ctx.db, person, postId);
  if (post.communityId !== space.id) throw notFound('Post not found.');
  if (!space.isModerator && person.role !== 'AD') throw forbidden("Only this space's moderators and administrators remove its posts.");
  const removed = await removePost(ctx, person, postId, reason);
  return { detail: removed.detail };
}
