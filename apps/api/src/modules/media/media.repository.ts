import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { events, posts, users } from '../../db/schema/index';

/** What still refers to a media key: something shown, or only a moderated post an appeal may restore. */
export type MediaReferences = { live: boolean; restorable: boolean };

/**
 * The references of each key (keys without any are absent). Profile images, event covers and live
 * posts are shown; a post a moderator deleted (soft, with a reason) may come back. Posts have no
 * index on image: this runs only on deletions, one statement per table for all the keys.
 */
export async function findMediaReferences(db: Executor, keys: string[]): Promise<Map<string, MediaReferences>> {
  const references = new Map<string, MediaReferences>();
  if (keys.length === 0) return references;
  const refer = (key: string | null, live: boolean, restorable: boolean) => {
    if (key === null) return;
    const known = references.get(key) ?? { live: false, restorable: false };
    references.set(key, { live: known.live || live, restorable: known.restorable || restorable });
  };
  const postRows = await db
    .select({
      image: posts.image,
      live: sql<boolean>`bool_or(${posts.deletedAt} is null)`,
      restorable: sql<boolean>`bool_or(${posts.deletedAt} is not null and ${posts.deleteReason} is not null)`,
    })
    .from(posts)
    .where(inArray(posts.image, keys))
    .groupBy(posts.image);
  for (const row of postRows) refer(row.image, row.live, row.restorable);
  for (const row of await db.selectDistinct({ image: users.image }).from(users).where(inArray(users.image, keys)))
    refer(row.image, true, false);
  for (const row of await db.selectDistinct({ image: events.image }).from(events).where(inArray(events.image, keys)))
    refer(row.image, true, false);
  return references;
}

/** The keys of a person's media: their profile image and every post's image (deleted ones too). */
export async function mediaKeysOfPerson(db: Executor, userId: number): Promise<string[]> {
  const [person] = await db.select({ image: users.image }).from(users).where(eq(users.id, userId));
  const postRows = await db
    .selectDistinct({ image: posts.image })
    .from(posts)
    .where(and(eq(posts.userId, userId), isNotNull(posts.image)));
  const keys = [person?.image, ...postRows.map((row) => row.image)];
  return [...new Set(keys.filter((key): key is string => typeof key === 'string' && key !== ''))];
}
