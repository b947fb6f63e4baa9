import {
  extractHashtags,
  type Comment,
  type CommentPage,
  type LikeResult,
  type PageQuery,
  type Post,
  type PostPage,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { PostRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { conflict, forbidden, notFound, postgresErrorCode } from '../../lib/errors';
import { storeUploadedImage } from '../../lib/images';
import { decodeCursor, toPage } from '../../lib/pagination';
import { releaseMedia } from '../media/media.service';
import { notify } from '../notifications/notify.service';
import { postCommentedNotice, postLikedNotice } from './posts.notices';
import type { Viewer } from '../settings/visibility';
import { mentionInText, recordMentions, tellMentioned } from './mentions.service';
import { canOnPost } from './posts.policy';
import { presentComment, presentListedPost, presentPost } from './posts.presenter';
import { findComments } from './comments.repository';
import * as repository from './posts.repository';

const FOREIGN_KEY_VIOLATION = '23503';
const postNotFound = () => notFound('Post not found.');

type PageOf = { authorId?: number; tag?: string; spaceSlug?: string };

async function pageOfPosts(ctx: AppContext, viewer: AuthUser, query: PageQuery, of: PageOf = {}): Promise<PostPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.repositories.posts.findPostPage({ viewer, ...of, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: new Date(row.created_at), id: row.id }));
  return { results: items.map(presentListedPost), next };
}

/**
 * The feed: every live post the viewer may read (postReadableSql), newest first, posts made in
 * spaces included (decision 034); with a tag, only the posts carrying it.
 */
export function listFeed(ctx: AppContext, viewer: AuthUser, query: PageQuery & { tag?: string }): Promise<PostPage> {
  return pageOfPosts(ctx, viewer, query, { tag: query.tag });
}

/**
 * A space's feed, the space named by its slug: its live posts the viewer may read, newest first
 * (empty for a non-member of a members-only space, and for an unknown slug).
 */
export function listSpacePosts(ctx: AppContext, viewer: AuthUser, slug: string, query: PageQuery): Promise<PostPage> {
  return pageOfPosts(ctx, viewer, query, { spaceSlug: slug });
}

/**
 * One person's live posts (the viewer's own when authorId is undefined); 404 for an unknown
 * person or one whose profile visibility hides them from the viewer.
 */
export async function listUserPosts(ctx: AppContext, viewer: AuthUser, query: PageQuery, authorId?: number): Promise<PostPage> {
  const author = authorId ?? viewer.id;
  const page = await pageOfPosts(ctx, viewer, query, { authorId: author });
  // The page's statement lists nothing of a person hidden from the viewer: only an empty page
  // needs to know whether the person is hidden or unknown (404) or has no posts here.
  if (page.results.length === 0 && author !== viewer.id && !(await ctx.repositories.visibility.canSeePerson(viewer, author))) {
    throw notFound('User not found.');
  }
  return page;
}

async function presentOnePost(db: Executor, viewer: Viewer, postId: number): Promise<Post> {
  const row = await repository.findPost(db, viewer, postId);
  if (!row) throw postNotFound();
  return presentPost(row);
}

/**
 * Stores the re-encoded image, then the post; answers the new post. With a space: 404 when
 * unknown, 403 unless the author is a member (checked before the image is stored).
 */
export async function createPost(
  ctx: AppContext,
  author: AuthUser,
  input: { caption: string; image: Buffer; communityId?: number },
): Promise<Post> {
  const communityId = input.communityId ?? null;
  if (communityId !== null) await requireSpaceMember(ctx.db, author, communityId);
  const image = await storeUploadedImage(ctx.storage, input.image, 'post');
  // The post and its hashtags together: a tag's page never misses a post the feed shows.
  const { row, mentioned } = await ctx.db.transaction(async (tx) => {
    const inserted = await repository.insertPost(tx, { userId: author.id, caption: input.caption, image, communityId });
    await repository.replacePostTags(tx, inserted, extractHashtags(input.caption));
    return { row: inserted, mentioned: await recordMentions(tx, author, input.caption, { postId: inserted.id, postAuthorId: author.id }) };
  });
  ctx.events.emit('post.created', { postId: row.id, readers: await repository.readersOfSpace(ctx.db, communityId) });
  await tellMentioned(ctx, author, mentioned, { postId: row.id, postAuthorId: author.id });
  return presentOnePost(ctx.db, author, row.id);
}

/** 404 for an unknown space, 403 unless the person is a member of it (posting there). */
async function requireSpaceMember(db: Executor, person: AuthUser, communityId: number): Promise<void> {
  const membership = await repository.findSpaceMembership(db, communityId, person.id);
  if (membership === null) throw notFound('Community not found.');
  if (!membership) throw forbidden('Join this community to post in it.');
}

/**
 * 404 unless the post is live and the viewer may read it (its author and space, postReadableSql) (profile visibility): every
 * route that takes a post id answers like the profile and user-posts routes, so sequential ids
 * reveal nothing about hidden people.
 */
export async function requireVisiblePost(
  db: Executor,
  viewer: AuthUser,
  postId: number,
): Promise<Pick<PostRow, 'id' | 'userId' | 'communityId'>> {
  const post = await repository.findLivePost(db, postId, viewer);
  if (!post) throw postNotFound();
  return post;
}

/**
 * How many times a toggle runs its statement when simultaneous toggles by the same person on the
 * same post keep taking effect before it (each retry follows one that did).
 */
const LIKE_TOGGLE_ATTEMPTS = 50;

/**
 * Likes or unlikes, in one statement (repository.toggleLikeOnce), a live post whose author the
 * person may see (404 otherwise, as requireVisiblePost answers, checked by the statement): the
 * like row and likes_count change together, the count by the rows actually added or removed, so
 * concurrent toggles keep them equal, and simultaneous toggles by one person act one after the
 * other.
 */
export async function toggleLike(ctx: AppContext, user: AuthUser, postId: number): Promise<LikeResult> {
  for (let attempt = 0; attempt < LIKE_TOGGLE_ATTEMPTS; attempt += 1) {
    let toggle: repository.LikeToggle;
    try {
      toggle = await ctx.repositories.posts.toggleLikeOnce(postId, user);
    } catch (error) {
      // The post was removed for good (its author deleted) while the like was being added.
      if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw postNotFound();
      throw error;
    }
    if (toggle.outcome === 'missing') throw postNotFound();
    if (toggle.outcome === 'raced') continue;
    const liked = toggle.outcome === 'liked';
    // Like, unlike, like again: the unread notification of the first like is enough.
    if (liked && !toggle.authorNotified) {
      await notify(ctx, postLikedNotice({ postId, authorId: toggle.authorId, actor: toggle.actor, delivery: toggle.authorDelivery }));
    }
    return { liked, likes_count: toggle.likesCount };
  }
  throw conflict('Too many simultaneous changes to this like. Please try again.');
}

/**
 * Adds a comment and counts it on the post, in one statement that also checks the post is live
 * and its author visible (404); notifies the post's author and the people it mentions.
 */
export async function addComment(ctx: AppContext, user: AuthUser, postId: number, text: string): Promise<Comment> {
  const added = await ctx.repositories.posts.addComment({ postId, author: user, text, createdAt: new Date() });
  if (!added) throw postNotFound();
  await notify(ctx, postCommentedNotice({ postId, authorId: added.authorId, actor: added.comment.author, delivery: added.authorDelivery }));
  const place = { postId, postAuthorId: added.authorId, commentId: added.comment.id };
  await mentionInText(ctx, user, text, place, added.comment.author);
  return presentComment(added.comment);
}

/** Comments of a live post whose author the viewer may see, oldest first. */
export async function listComments(ctx: AppContext, viewer: AuthUser, postId: number, query: PageQuery): Promise<CommentPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  await requireVisiblePost(ctx.db, viewer, postId);
  const rows = await findComments(ctx.db, { viewer, postId, after, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentComment), next };
}

/**
 * Soft-deletes a live post, stops serving its image (removed after the author's deletion, withheld
 * after a moderator's: see releaseMedia) and announces `post.deleted`. No permission check:
 * callers (the author route below, the admin moderation) check first. False when already gone.
 * `alongside` runs in the deletion's transaction (a moderator's audit entry: both or neither);
 * the image goes and the event is sent once it has committed.
 */
export async function softDeletePost(
  ctx: AppContext,
  deletion: { postId: number; authorId: number; deletedBy: number; reason: string | null },
  alongside?: (tx: Executor) => Promise<void>,
): Promise<boolean> {
  const mark = (db: Executor) =>
    repository.markPostDeleted(db, deletion.postId, { deletedBy: deletion.deletedBy, reason: deletion.reason, at: new Date() });
  const deleted = alongside
    ? await ctx.db.transaction(async (tx) => {
        const row = await mark(tx);
        if (row) await alongside(tx);
        return row;
      })
    : await mark(ctx.db);
  if (!deleted) return false;
  // A deleted post leaves its tags' pages and trending (their queries also skip deleted posts).
  await repository.replacePostTags(ctx.db, { id: deletion.postId, createdAt: new Date(0) }, []);
  await releaseMedia(ctx, [deleted.image]);
  ctx.events.emit('post.deleted', { ...deletion, readers: await repository.readersOfSpace(ctx.db, deleted.communityId) });
  return true;
}

/** The author deletes their own post: 404 when unknown, deleted or its author hidden from the caller, 403 for anyone else. */
export async function deleteOwnPost(ctx: AppContext, user: AuthUser, postId: number): Promise<void> {
  const post = await requireVisiblePost(ctx.db, user, postId);
  if (!canOnPost(user, 'delete', post)) throw forbidden('You can only delete your own posts.');
  const deleted = await softDeletePost(ctx, { postId, authorId: post.userId, deletedBy: user.id, reason: null });
  if (!deleted) throw postNotFound();
}
