import { SNIPPET_MATCH_END, SNIPPET_MATCH_START, type SearchKind } from '@alumlink/contract';
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { searchDocumentOf, type SearchConfig } from '../../db/search-documents';
import { comments, communities, events, jobs, posts, users } from '../../db/schema/index';
import { postReadableSql, spaceReadableSql } from '../posts/posts.policy';
import { visibleToViewerIdSql, type ViewerOfStatement } from '../settings/visibility';

/**
 * How one kind is searched: its rows, its stored document (the column its GIN index is built on,
 * db/search-documents.ts), who may see which rows, and what a hit shows.
 */
export type KindSource = {
  config: SearchConfig;
  /** The kind's table, where matches are found (the visibility rule reads its columns alone). */
  table: PgTable;
  /** The stored document of the kind's table. */
  document: SQL;
  /** The parts of the document; the snippet is cut from the same text. */
  parts: SQLWrapper[];
  /** More text of the document the snippet may be cut from, found by the query (a post's first matching comment). */
  matchingText?: (query: SQL) => SQL;
  from: SQL;
  id: SQLWrapper;
  title: SQL;
  /** What the service needs for the hit's URL besides its id (an author id, a slug). */
  pathKey: SQL;
  /** Rows the viewer may find; besides the partial indexes' own condition. */
  visible: (viewer: ViewerOfStatement) => SQL | undefined;
  /** A table that grows with use: a common word's matches are found by walking it newest first (rowsToWalk). */
  grows: boolean;
  /**
   * `visible` split for the kept matches of a text (search-kept.ts, decision 057): what is true for
   * everyone, and what the viewer's part depends on: a person's profile visibility (`person`, the
   * viewer reads their own; `authorReads`: the person is the row's author, who reads it whatever its
   * space) and a space's visibility (`space`, spaceReadableSql). keptVisible applies them in memory.
   */
  kept: { everyone?: SQL; person?: SQLWrapper; authorReads?: boolean; space?: SQLWrapper };
};

export const SOURCES: Record<SearchKind, KindSource> = {
  // Active, verified people the viewer may see (profile visibility), by name only: never by e-mail or any field they may hide.
  people: {
    config: 'simple',
    table: users,
    document: searchDocumentOf(users),
    parts: [users.firstName, users.lastName],
    from: sql`${users}`,
    id: users.id,
    title: sql`${users.firstName} || ' ' || ${users.lastName}`,
    pathKey: sql`''`,
    visible: (viewer) =>
      sql`${users.isActive} and ${users.emailVerifiedAt} is not null and ${viewer.role === 'AD' ? sql`true` : visibleToViewerIdSql(viewer.id, users.id)}`,
    grows: true,
    kept: { everyone: sql`${users.isActive} and ${users.emailVerifiedAt} is not null`, person: users.id },
  },
  // Live posts (not deleted, not removed by a moderator) the viewer may read: the feed's rule (postReadableSql, spaces too).
  // Their documents hold their comments' words too (a comment is read wherever its post is, decision 050): the snippet
  // is cut from the caption and the first comment whose own stored document matches.
  posts: {
    config: 'english',
    table: posts,
    document: searchDocumentOf(posts),
    parts: [posts.caption],
    matchingText: (query) => sql`(select ${comments.text} from ${comments}
      where ${comments.postId} = ${posts.id} and ${searchDocumentOf(comments)} @@ ${query} order by ${comments.createdAt}, ${comments.id} limit 1)`,
    from: sql`${posts} inner join ${users} on ${users.id} = ${posts.userId}`,
    id: posts.id,
    title: sql`${users.firstName} || ' ' || ${users.lastName}`,
    pathKey: sql`${posts.userId}::text`,
    visible: (viewer) =>
      sql`${posts.deletedAt} is null and ${viewer.role === 'AD' ? sql`true` : postReadableSql(viewer.id, sql`false`, posts)}`,
    grows: true,
    kept: { everyone: sql`${posts.deletedAt} is null`, person: posts.userId, authorReads: true, space: posts.communityId },
  },
  // Open jobs, as the job board lists them.
  jobs: {
    config: 'english',
    table: jobs,
    document: searchDocumentOf(jobs),
    parts: [jobs.title, jobs.company, jobs.location, jobs.description],
    from: sql`${jobs}`,
    id: jobs.id,
    title: sql`${jobs.title}`,
    pathKey: sql`''`,
    visible: () => sql`${jobs.status} = 'open'`,
    grows: false,
    kept: { everyone: sql`${jobs.status} = 'open'` },
  },
  // Events as the events list shows them: those of a members-only space to its members alone (eventReadableSql's rule).
  events: {
    config: 'english',
    table: events,
    document: searchDocumentOf(events),
    parts: [events.title, events.host, events.category, events.description],
    from: sql`${events}`,
    id: events.id,
    title: sql`${events.title}`,
    pathKey: sql`''`,
    visible: (viewer) => (viewer.role === 'AD' ? undefined : spaceReadableSql(viewer.id, events.communityId)),
    grows: false,
    kept: { space: events.communityId },
  },
  // Every community, as the communities list shows them.
  communities: {
    config: 'english',
    table: communities,
    document: searchDocumentOf(communities),
    parts: [communities.name, communities.description],
    from: sql`${communities}`,
    id: communities.id,
    title: sql`${communities.name}`,
    pathKey: sql`${communities.slug}`,
    visible: () => undefined,
    grows: false,
    kept: {},
  },
};

/**
 * The searched text split for matching as one types: `head` in web-search syntax, and `last`, its
 * final word when the text ends inside a plain word ("ali" of "data ali"), which matches as a
 * prefix ("alice"); `last` is null when the text ends in a space, a quote or another operator.
 */
export type SearchText = { head: string; last: string | null };

/** A SearchText whose parts may be placeholders of a prepared statement (`last` null or not decides its text). */
export type SearchTextOfStatement = { head: string | Placeholder; last: string | Placeholder | null };

/** Private-use code points are the snippet's match markers: never searched for, never shown from stored text. */
const PRIVATE_USE = /[\uE000-\uF8FF]/gu;

export function splitSearchText(text: string): SearchText {
  const cleaned = text.replace(PRIVATE_USE, ' ');
  // A phrase still open ("\"big da") or any operator makes the last word not a plain word.
  const quotes = (cleaned.match(/"/g) ?? []).length;
  const match = /(^|\s)([\p{L}\p{N}]+)$/u.exec(cleaned);
  if (!match?.[2] || quotes % 2 === 1) return { head: cleaned, last: null };
  return { head: cleaned.slice(0, cleaned.length - match[2].length), last: match[2] };
}

/**
 * The tsquery of a search text: websearch_to_tsquery of the text, or of its head AND the last word
 * as a prefix. With values, all its inputs are parameters of immutable functions, so PostgreSQL
 * computes it once while planning and looks it up in the GIN index. With placeholders (a prepared
 * statement's generic plan) it is an uncorrelated subquery, computed once per execution, where a
 * bare call would be costed and run once per row (the generic plan then looked dearer than a
 * custom one, and every execution was planned again). quote_literal makes the word one quoted
 * lexeme to to_tsquery, whatever it holds; a head of only stop words is an empty query, which &&
 * ignores.
 */
export function tsquerySql(config: SearchConfig, text: SearchTextOfStatement): SQL {
  const regconfig = sql.raw(`'${config}'::regconfig`);
  const query =
    text.last === null
      ? sql`websearch_to_tsquery(${regconfig}, ${text.head}::text)`
      : sql`(websearch_to_tsquery(${regconfig}, ${text.head}::text) && to_tsquery(${regconfig}, quote_literal(${text.last}::text) || ':*'))`;
  return typeof text.head === 'string' ? query : sql`(select ${query})`;
}

/** ts_headline's options: the private-use markers around matches, a sentence or two around them. */
export const HEADLINE_OPTIONS = `StartSel=${SNIPPET_MATCH_START}, StopSel=${SNIPPET_MATCH_END}, MaxWords=30, MinWords=12, ShortWord=2`;
