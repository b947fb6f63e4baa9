import { SNIPPET_MATCH_END, SNIPPET_MATCH_START, type SearchKind } from '@alumlink/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { executeRaw, sqlInteger } from '../../db/prepared';
import { searchDocumentOf, type SearchConfig } from '../../db/search-documents';
import { comments, communities, events, jobs, posts, users } from '../../db/schema/index';
import type { RankPosition } from '../../lib/pagination';
import { eventReadableSql } from '../events/events.policy';
import { postReadableBySql } from '../posts/posts.policy';
import { visibleToSql, type Viewer } from '../settings/visibility';

/** One ranked match as the queries return it; `path` is what the service turns into a URL. */
export type SearchHitRow = { id: number; title: string; snippet: string; rank: number; path_key: string };

/**
 * How one kind is searched: its rows, its stored document (the column its GIN index is built on,
 * db/search-documents.ts), who may see which rows, and what a hit shows.
 */
type KindSource = {
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
  visible: (viewer: Viewer) => SQL | undefined;
  /** A table that grows with use: a common word's matches are found by walking it newest first (rowsToWalk). */
  grows: boolean;
};

const SOURCES: Record<SearchKind, KindSource> = {
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
    visible: (viewer) => sql`${users.isActive} and ${users.emailVerifiedAt} is not null and ${visibleToSql(viewer, users.id) ?? sql`true`}`,
    grows: true,
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
    visible: (viewer) => sql`${posts.deletedAt} is null and ${postReadableBySql(viewer, posts) ?? sql`true`}`,
    grows: true,
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
  },
  // Events as the events list shows them: those of a members-only space to its members alone (eventReadableSql).
  events: {
    config: 'english',
    table: events,
    document: searchDocumentOf(events),
    parts: [events.title, events.host, events.category, events.description],
    from: sql`${events}`,
    id: events.id,
    title: sql`${events.title}`,
    pathKey: sql`''`,
    visible: (viewer) => eventReadableSql(viewer),
    grows: false,
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
  },
};

/**
 * The searched text split for matching as one types: `head` in web-search syntax, and `last`, its
 * final word when the text ends inside a plain word ("ali" of "data ali"), which matches as a
 * prefix ("alice"); `last` is null when the text ends in a space, a quote or another operator.
 */
export type SearchText = { head: string; last: string | null };

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
 * as a prefix. All its inputs are parameters of immutable functions, so PostgreSQL computes it once
 * while planning and looks it up in the GIN index. quote_literal makes the word one quoted lexeme
 * to to_tsquery, whatever it holds; a head of only stop words is an empty query, which && ignores.
 */
export function tsquerySql(config: SearchConfig, text: SearchText): SQL {
  const regconfig = sql.raw(`'${config}'::regconfig`);
  if (text.last === null) return sql`websearch_to_tsquery(${regconfig}, ${text.head}::text)`;
  return sql`(websearch_to_tsquery(${regconfig}, ${text.head}::text) && to_tsquery(${regconfig}, quote_literal(${text.last}::text) || ':*'))`;
}

/** ts_headline's options: the private-use markers around matches, a sentence or two around them. */
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_MATCH_START}, StopSel=${SNIPPET_MATCH_END}, MaxWords=30, MinWords=12, ShortWord=2`;

export type KindSearch = {
  viewer: Viewer;
  text: SearchText;
  after?: RankPosition;
  take: number;
  /** Find the matches among the kind's newest this many rows, walked newest first (rowsToWalk), instead of through the GIN index. */
  walk?: number;
};

/**
 * How many matches of one kind are ranked at most: the newest ones (by id) the viewer may see. A
 * common word matches most rows; ranking them all cost a read of every matching document. Pages
 * by rank continue within these, so a search reaches its newest RANKED_MATCHES_MAX matches.
 */
export const RANKED_MATCHES_MAX = 500;

/**
 * One kind's matches, best first (ts_rank, then newest id), after a position, in three steps:
 * the newest RANKED_MATCHES_MAX matches the viewer may see (the stored document's GIN index finds
 * rare words; a common word's are found walking the newest `walk` rows, see rowsToWalk), their
 * rank from the stored document, and for the page's rows alone the title and a snippet
 * (ts_headline parses the text again, the dearest step). The stored text has private-use
 * characters removed before ts_headline marks it, so only its markers are in the snippet.
 */
export function kindSearchQuery(kind: SearchKind, search: KindSearch): SQL {
  const source = SOURCES[kind];
  const query = tsquerySql(source.config, search.text);
  const visible = source.visible(search.viewer);
  const parts = sql.join(source.parts, sql` || ' · ' || `);
  const text = source.matchingText ? sql`${parts} || coalesce(' · ' || ${source.matchingText(query)}, '')` : parts;
  const headlineText = sql`translate(${text}, ${'\uE000\uE001'}::text, '')`;
  const after = search.after ? sql`where (ranked.rank, ranked.id) < (${search.after.rank}::real, ${search.after.id}::integer)` : sql``;
  return sql`
    select page.id, ${source.title} as title, page.rank, ${source.pathKey} as path_key,
      ts_headline(${sql.raw(`'${source.config}'::regconfig`)}, ${headlineText}, ${query}, ${HEADLINE_OPTIONS}::text) as snippet
    from ${source.from}
    inner join (
      select ranked.id, ranked.rank
      from (
        select newest.id, ts_rank(newest.document, ${query}) as rank
        from (
          select ${source.id} as id, ${source.document} as document
          from ${search.walk === undefined ? source.table : sql`(select * from ${source.table} order by ${source.id} desc limit ${sqlInteger(search.walk)}) as ${source.table}`}
          where ${source.document} @@ ${query}${visible ? sql` and ${visible}` : sql``}
          order by ${source.id} desc
          limit ${sqlInteger(RANKED_MATCHES_MAX)}
        ) as newest
      ) as ranked
      ${after}
      order by ranked.rank desc, ranked.id desc
      limit ${sqlInteger(search.take)}
    ) as page on page.id = ${source.id}
    order by page.rank desc, page.id desc`;
}

/** How many of a growing kind's newest rows the probe reads to tell a common word from a rare one. */
export const PROBE_ROWS = 1_000;
/** The longest walk: past it, a word is searched among the newest WALK_ROWS_MAX rows alone, or looked up (rowsToWalk). */
export const WALK_ROWS_MAX = 20_000;
/**
 * What one match found through the GIN index costs against one row walked newest first: a random
 * heap read and a visibility check, against a row of a page read in order. Measured on the bench
 * databases (EXPLAIN ANALYZE, a loaded machine), a word in 1.6 % of posts: among 200,000 posts
 * (in memory) 3,333 matches looked up in 10–11 ms against 20,000 rows walked in 16–25 ms (3 to
 * 1); among a million, 16,667 matches in 415–485 ms against 55–77 ms (9 to 1).
 */
export const LOOKUP_COST_IN_ROWS_WALKED = 4;

/** The probe's counts: rows read, matches among them, the newest row's id (about the table's size). */
export type Probe = { walked: number; matches: number; newestId: number };

/** One statement: of the kind's newest PROBE_ROWS rows, how many there are, how many match, and the newest id. */
export function probeQuery(kind: SearchKind, text: SearchText): SQL {
  const source = SOURCES[kind];
  return sql`
    select count(*)::integer as walked, (count(*) filter (where recent.document @@ ${tsquerySql(source.config, text)}))::integer as matches,
      coalesce(max(recent.id), 0)::integer as "newestId"
    from (select ${source.id} as id, ${source.document} as document from ${source.table} order by ${source.id} desc limit ${sqlInteger(PROBE_ROWS)}) as recent`;
}

/**
 * How many newest rows to walk for a word that `matches` of the `walked` newest rows hold, or null
 * for the GIN lookup. The GIN index finds a rare word's few matches at once, but a common word's
 * matches are most of a large table, every one read and checked for visibility before the newest
 * are kept (2 s among a million posts). Walking newest first reaches RANKED_MATCHES_MAX of them in
 * about RANKED_MATCHES_MAX ÷ frequency rows (a quarter more for the rows the viewer may not see).
 * A word of middling frequency would need a walk past WALK_ROWS_MAX: when its matches in the whole
 * table (its frequency × the newest id) would cost more to look up than WALK_ROWS_MAX rows cost
 * to walk, only the newest WALK_ROWS_MAX rows are searched (a 1.6 % word among a million posts:
 * 16,000 matches looked up against 20,000 rows walked); otherwise the lookup finds them all.
 */
export function rowsToWalk({ walked, matches, newestId }: Probe): number | null {
  if (walked < PROBE_ROWS || matches === 0) return null;
  const rows = Math.ceil(((RANKED_MATCHES_MAX * walked) / matches) * 1.25);
  if (rows <= WALK_ROWS_MAX) return Math.max(rows, PROBE_ROWS);
  const matchesInTable = (matches / walked) * newestId;
  return matchesInTable * LOOKUP_COST_IN_ROWS_WALKED > WALK_ROWS_MAX ? WALK_ROWS_MAX : null;
}

/** One statement: for each growing kind of `kinds`, probeQuery's counts, with the kind's name. */
export function probesQuery(kinds: readonly SearchKind[], text: SearchText): SQL | null {
  const growing = kinds.filter((kind) => SOURCES[kind].grows);
  if (growing.length === 0) return null;
  return sql.join(
    growing.map((kind) => sql`(select ${kind}::text as kind, probe.* from (${probeQuery(kind, text)}) as probe)`),
    sql` union all `,
  );
}

/** One statement: each kind's search (kindSearchQuery, with its walk where given), its rows named by kind. */
export function kindsSearchQuery(kinds: readonly { kind: SearchKind; walk?: number }[], search: Omit<KindSearch, 'walk'>): SQL {
  return sql.join(
    kinds.map(({ kind, walk }) => sql`(select ${kind}::text as kind, hits.* from (${kindSearchQuery(kind, { ...search, walk })}) as hits)`),
    sql` union all `,
  );
}

const byRank = (a: SearchHitRow, b: SearchHitRow) => b.rank - a.rank || b.id - a.id;

/**
 * Several kinds' matches, each kind's best first, in two round trips: one statement probes the
 * growing kinds (probeQuery: walk their newest rows or look the word up, rowsToWalk), one
 * searches every kind (a UNION ALL of kindSearchQuery).
 */
export async function searchKinds(
  db: Executor,
  kinds: readonly SearchKind[],
  search: Omit<KindSearch, 'walk'>,
): Promise<Map<SearchKind, SearchHitRow[]>> {
  const walks = new Map<SearchKind, number>();
  const probes = probesQuery(kinds, search.text);
  if (probes) {
    for (const { kind, ...probe } of await executeRaw<Probe & { kind: SearchKind }>(db, probes)) {
      const walk = rowsToWalk(probe);
      if (walk !== null) walks.set(kind, walk);
    }
  }
  const rows = await executeRaw<SearchHitRow & { kind: SearchKind }>(
    db,
    kindsSearchQuery(
      kinds.map((kind) => ({ kind, walk: walks.get(kind) })),
      search,
    ),
  );
  const byKind = new Map<SearchKind, SearchHitRow[]>(kinds.map((kind) => [kind, []]));
  // Both drivers answer a real as a number; the cast keeps the type honest if one answers text.
  for (const { kind, ...row } of rows) byKind.get(kind)?.push({ ...row, rank: Number(row.rank) });
  for (const hits of byKind.values()) hits.sort(byRank);
  return byKind;
}
