import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { communities, type CommunityRow } from '../../db/schema/index';

/** Upper bound of the hub; the list is small by nature, but no query is unbounded. */
export const COMMUNITIES_MAX = 200;

export function listCommunitiesByName(db: Executor): Promise<CommunityRow[]> {
  return db.select().from(communities).orderBy(asc(communities.name), asc(communities.id)).limit(COMMUNITIES_MAX);
}
