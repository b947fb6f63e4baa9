import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, users } from '../../db/schema/index';

/** A live post with the author fields moderation needs (primary-key lookups). */
export async function findLivePostWithAuthor(db: Executor, postId: number) {
  const [row] = await db
    .select({
      id: posts.id,
      caption: posts.caption,
      author: { id: users.id, username: users.username, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  return row ?? null;
}
