import type { Executor } from '../../db/client';
import { communities, type CommunityRow } from '../../db/schema/index';
import { inserted, nextUnique } from './support';

export type CreateCommunityOptions = Partial<typeof communities.$inferInsert>;

/** Inserts a community with a unique slug and name (no members). */
export async function createCommunity(db: Executor, options: CreateCommunityOptions = {}): Promise<CommunityRow> {
  const unique = nextUnique();
  const rows = await db
    .insert(communities)
    .values({ slug: `community-${unique}`, name: `Community ${unique}`, ...options })
    .returning();
  return inserted(rows, 'createCommunity');
}
