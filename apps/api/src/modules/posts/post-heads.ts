import { HIDDEN_EMAIL } from '@alumlink/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createChangeFollowingCache } from '../../db/change-following-cache';
import { prepareRawStatement, sqlInteger } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import { postLikes } from '../../db/schema/index';
import { fieldVisibleToViewerIdSql, type Viewer } from '../settings/visibility';
import type { PostSqlRow } from './post-page.sql';
import { postReadableInSpaceSql, spaceReadableForManySpacesSql } from './posts.policy';

/*
 * The kept heads of the space's and the tag's pages (decision record 065). The newest live posts
 * of a space or a tag are the same for every viewer; only who may read which, their likes and
 * whether they see each author's e-mail differ. So each worker keeps, per space and per tag, the
 * newest HEAD_ROWS live posts with their authors' summaries (the e-mail as stored), read once by
 * the page's own statement as an administrator reads it, and a first page is answered from them
 * with one statement of the viewer's part over their ids (headViewerQuery): the read rule, the
 * like and the e-mail's audience, the same SQL as the page's statement (posts.policy.ts,
 * settings/visibility.ts), for the kept rows in order until a page is full. Kept true by
 * migration 0051's announcements (any change of a post, a post's tags, a listed summary's columns,
 * a space's slug) through db/change-following-cache.ts, as decisions 046 and 057 keep theirs.
 */

/** Posts kept per space and per tag: two default pages, so a viewer who may read half of them still gets a full first page. */
export const HEAD_ROWS = 42;
/** Spaces and tags kept per instance (least recently used dropped first): 42 rows of about 0.5 KB each. */
export const HEADS_MAX = 500;
/** A head is read again in the background once this old (a belt against an unannounced change, never the way a change is seen). */
export const HEAD_FRESH_MS = 60_000;
/** A head older than this is never answered. */
export const HEAD_STALE_MS = 120_000;

/**
 * A kept head: the newest live posts of a space or a tag as an administrator reads them, whether
 * more exist, and the viewer's part's three parameters (their ids, authors and spaces), written
 * once as array texts instead of on every request.
 */
export type PostHead = { rows: PostSqlRow[]; cut: boolean; ids: string; authors: string; spaces: string };

/** The head of these rows (`cut`: more posts exist past them). */
export function postHeadOf(rows: PostSqlRow[], cut: boolean): PostHead {
  const arrayText = (values: (number | null)[]) => `{${values.map((value) => value ?? 'NULL').join(',')}}`;
  return {
    rows,
    cut,
    ids: arrayText(rows.map((row) => row.id)),
    authors: arrayText(rows.map((row) => row.author_id)),
    spaces: arrayText(rows.map((row) => row.community_id ?? null)),
  };
}

/** The heads of one instance; a head is filled only after `fillQuietMs` without a change (config.postHeadFillQuietMs). */
export const createPostHeads = ({ fillQuietMs }: { fillQuietMs: number }) =>
  createChangeFollowingCache<PostHead>({ entries: HEADS_MAX, freshMs: HEAD_FRESH_MS, staleMs: HEAD_STALE_MS, fillQuietMs });
export type PostHeads = ReturnType<typeof createPostHeads>;

/** The key of a kept head: the page's kind and its space's slug or its tag. */
export const headKey = (kind: 'tag' | 'space', value: string) => `${kind}:${value}`;

const kept = sql.raw('k');
const keptId = sql.raw('k.id');
const keptAuthor = sql.raw('k.author');
const keptSpace = sql.raw('k.space');
const keptOrd = sql.raw('k.ord');

/**
 * The viewer's part of a kept head, as raw SQL with placeholders (viewerId, seesEveryone, ids,
 * authors, spaces: the kept rows' post ids, authors and spaces, in the head's order): the first
 * `take` rows the viewer may read (postReadableInSpaceSql with spaceReadableForManySpacesSql, the
 * rule of a tag's page; on a space's page every row has its space, and the answer is the same
 * as communityRowReadableSql's, decision 060), each with its position in the head, the viewer's
 * like and whether the viewer sees the author's e-mail. The rows come in the head's order
 * (`unnest … with ordinality`, no sort) and the like and e-mail probes run for the rows answered.
 */
export function headViewerQuery(take: number): SQL {
  const viewerId = sql.placeholder('viewerId');
  const seesEveryone = sql`${sql.placeholder('seesEveryone')}::boolean`;
  const readable = postReadableInSpaceSql(viewerId, seesEveryone, keptAuthor, spaceReadableForManySpacesSql(viewerId, keptSpace));
  return sql`select ${keptOrd}::integer as ord,
      (select true from ${postLikes} where ${postLikes.postId} = ${keptId} and ${postLikes.userId} = ${viewerId}::integer limit 1) is not null as liked,
      (${seesEveryone} or ${fieldVisibleToViewerIdSql(viewerId, keptAuthor, 'email')}) as email_shown
    from unnest(${sql.placeholder('ids')}::integer[], ${sql.placeholder('authors')}::integer[], ${sql.placeholder('spaces')}::integer[])
      with ordinality as ${kept}(id, author, space, ord)
    where ${readable}
    limit ${sqlInteger(take)}`;
}

type HeadViewerRow = { ord: number; liked: boolean; email_shown: boolean };

/** One prepared statement per page size, made on first use (preparedPerPageSize). */
export const prepareHeadViewerStatements = (db: Database) =>
  preparedPerPageSize('posts_head_viewer', (take, name) => prepareRawStatement<HeadViewerRow>(db, name, headViewerQuery(take)));

/**
 * The first `take` rows of a head the viewer may read, as the page's statement answers them; null
 * when the head holds fewer and more posts exist past it (the statement answers then).
 */
export async function pageFromHead(
  head: PostHead,
  viewer: Viewer,
  take: number,
  statement: ReturnType<ReturnType<typeof prepareHeadViewerStatements>>,
): Promise<PostSqlRow[] | null> {
  const rows = await statement.execute({
    viewerId: viewer.id,
    seesEveryone: viewer.role === 'AD',
    ids: head.ids,
    authors: head.authors,
    spaces: head.spaces,
  });
  if (rows.length < take && head.cut) return null;
  const page: PostSqlRow[] = [];
  for (const { ord, liked, email_shown } of rows) {
    const row = head.rows[ord - 1];
    if (!row) throw new Error(`pageFromHead: no kept row ${ord}`);
    page.push({ ...row, liked, email: email_shown ? row.email : HIDDEN_EMAIL });
  }
  return page;
}
