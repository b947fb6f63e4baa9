import type { Executor } from '../../db/client';
import { posts, type PostRow } from '../../db/schema/index';
import { inserted, nextUnique } from './support';

/** Any column of a post; the author is required. */
export type CreatePostOptions = Partial<typeof posts.$inferInsert> & Pick<typeof posts.$inferInsert, 'userId'>;

/** Inserts a live post (default: a unique caption and image key, no likes or comments). */
export async function createPost(db: Executor, options: CreatePostOptions): Promise<PostRow> {
  const unique = nextUnique();
  const rows = await db
    .insert(posts)
    .values({ caption: `Post ${unique}`, image: `posts/${unique}.webp`, ...options })
    .returning();
  return inserted(rows, 'createPost');
}
