import type { Comment, CommentPage, LikeResult, PageQuery, Post, PostPage } from '@alumlink/contract';
import type { Database, Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound, postgresErrorCode } from '../../lib/errors';
import { storeUploadedImage } from '../../lib/images';
import { decodeCursor, toPage } from '../../lib/pagination';
import type { MediaStorage } from '../../lib/storage/index';
import { notifyPostCommented, notifyPostLiked } from '../notifications/notifications.service';
import { broadcastPostCreated } from '../realtime/realtime.service';
import { canSeePerson } from '../settings/visibility';
import { emitPostDeleted } from './post-events';
import { canOnPost } from './posts.policy';
import { presentComment, presentPost } from './posts.presenter';
import * as repository from './posts.repository';

const FOREIGN_KEY_VIOLATION = '23503';
const postNotFound = () => notFound('Post not found.');

async function pageOfPosts(db: Database, viewer: AuthUser, query: PageQuery, authorId?: number): Promise<PostPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findPostPage(db, { viewer, authorId, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentPost), next };
}

/** The feed: every live post the viewer may see (profile visibility), newest first. */
export function listFeed(db: Database, viewer: AuthUser, query: PageQuery): Promise<PostPage> {
  return pageOfPosts(db, viewer, query);
}

/**
 * One person's live posts (the viewer's own when authorId is undefined); 404 for an unknown
 * person or one whose profile visibility hides them from the viewer.
 */
export async function listUserPosts(db: Database, viewer: AuthUser, query: PageQuery, authorId?: number): Promise<PostPage> {
  const author = authorId ?? viewer.id;
  if (author !== viewer.id && !(await canSeePerson(db, viewer, author))) throw notFound('User not found.');
  return pageOfPosts(db, viewer, query, author);
}

async function presentOnePost(db: Executor, viewerId: number, postId: number): Promise<Post> {
  const row = await repository.findPost(db, viewerId, postId);
  if (!row) throw postNotFound();
  return presentPost(row);
}

/** Stores the re-encoded image, then the post; answers the new post. */
export async function createPost(
  db: Database,
  storage: MediaStorage,
  author: AuthUser,
  input: { caption: string; image: Buffer },
): Promise<Post> {
  const image = await storeUploadedImage(storage, input.image, 'post');
  const row = await repository.insertPost(db, { userId: author.id, caption: input.caption, image });
  broadcastPostCreated(db, row.id);
  return presentOnePost(db, author.id, row.id);
}

/**
 * Likes or unlikes. The like row and likes_count change in one transaction, the count by the
 * rows actually inserted or deleted, so concurrent toggles keep them equal.
 */
export async function toggleLike(db: Database, user: AuthUser, postId: number): Promise<LikeResult> {
  if (!(await repository.findLivePost(db, postId))) throw postNotFound();
  try {
    const result = await db.transaction(async (tx) => {
      await repository.lockLikeToggle(tx, postId, user.id);
      const liked = await repository.insertLike(tx, postId, user.id);
      const delta = liked ? 1 : -(await repository.deleteLike(tx, postId, user.id));
      const likesCount = await repository.bumpCounter(tx, postId, 'likesCount', delta);
      // Deleted meanwhile: throwing rolls the like back.
      if (likesCount === null) throw postNotFound();
      return { liked, likes_count: likesCount };
    });
    if (result.liked) await notifyPostLiked(db, { postId, actorId: user.id });
    return result;
  } catch (error) {
    if (postgresErrorCode(error) === FOREIGN_KEY_VIOLATION) throw postNotFound();
    throw error;
  }
}

/** Adds a comment and counts it on the post, in one transaction. */
export async function addComment(db: Database, user: AuthUser, postId: number, text: string): Promise<Comment> {
  const commentId = await db.transaction(async (tx) => {
    // Counting first locks the live post, so a comment never lands on a deleted one.
    const commentsCount = await repository.bumpCounter(tx, postId, 'commentsCount', 1);
    if (commentsCount === null) throw postNotFound();
    const row = await repository.insertComment(tx, { postId, userId: user.id, text });
    return row.id;
  });
  await notifyPostCommented(db, { postId, actorId: user.id });
  const [row] = await repository.findComments(db, { postId, commentId, take: 1 });
  if (!row) throw postNotFound();
  return presentComment(row);
}

/** Comments of a live post, oldest first. */
export async function listComments(db: Executor, postId: number, query: PageQuery): Promise<CommentPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (!(await repository.findLivePost(db, postId))) throw postNotFound();
  const rows = await repository.findComments(db, { postId, after, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentComment), next };
}

/**
 * Soft-deletes a live post and tells onPostDeleted listeners. No permission check: callers
 * (the author route below, the admin moderation) check first. False when already gone.
 */
export async function softDeletePost(
  db: Executor,
  deletion: { postId: number; authorId: number; deletedBy: number; reason: string | null },
  reportError: (error: unknown) => void,
): Promise<boolean> {
  const deleted = await repository.markPostDeleted(db, deletion.postId, {
    deletedBy: deletion.deletedBy,
    reason: deletion.reason,
    at: new Date(),
  });
  if (deleted) emitPostDeleted(deletion, reportError);
  return deleted;
}

/** The author deletes their own post: 404 when unknown or deleted, 403 for anyone else. */
export async function deleteOwnPost(
  db: Executor,
  user: AuthUser,
  postId: number,
  reportError: (error: unknown) => void,
): Promise<void> {
  const post = await repository.findLivePost(db, postId);
  if (!post) throw postNotFound();
  if (!canOnPost(user, 'delete', post)) throw forbidden('You can only delete your own posts.');
  const deleted = await softDeletePost(db, { postId, authorId: post.userId, deletedBy: user.id, reason: null }, reportError);
  if (!deleted) throw postNotFound();
}
