import type { TrendingTags } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts, postTags } from '../../db/schema/index';
import type { Viewer } from '../settings/visibility';
import { postReadableBySql } from './posts.policy';

/** How many tags trending answers, over how many days. */
export const TRENDING_TAGS_MAX = 10;
export const TRENDING_DAYS = 7;

/**
 * The tags of the most live posts the viewer may read (the feed's rule, postReadableSql) since `since`, most first,
 * then by name: post_tags_created_idx gives the window's tag rows, each post is checked by id.
 */
export function trendingTagsQuery(viewer: Viewer, since: Date) {
  const visible = postReadableBySql(viewer, posts);
  return sql`
    select ${postTags.tag} as tag, count(*)::integer as count
    from ${postTags} inner join ${posts} on ${posts.id} = ${postTags.postId}
    where ${postTags.createdAt} > ${since.toISOString()}::timestamptz and ${posts.deletedAt} is null${visible ? sql` and ${visible}` : sql``}
    group by ${postTags.tag}
    order by count(*) desc, ${postTags.tag}
    limit ${TRENDING_TAGS_MAX}`;
}

export async function findTrendingTags(db: Executor, viewer: Viewer, now: Date): Promise<TrendingTags['results']> {
  const since = new Date(now.getTime() - TRENDING_DAYS * 24 * 60 * 60 * 1000);
  const { rows } = await db.execute<{ tag: string; count: number }>(trendingTagsQuery(viewer, since));
  return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}
