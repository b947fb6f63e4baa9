import { SEARCH_KINDS, type SearchKind } from '@alumlink/contract';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { createChangeFollowingCache } from '../../db/change-following-cache';
import type { Database } from '../../db/client';
import { prepareRawStatement, sqlInteger } from '../../db/prepared';
import type { RankPosition } from '../../lib/pagination';
import type { Viewer, ViewerOfStatement } from '../settings/visibility';
import { HEADLINE_OPTIONS, SOURCES, tsquerySql, type SearchText, type SearchTextOfStatement } from './search-sources';
import {
  circleOf,
  circleQuery,
  KEPT_FRESH_MS,
  KEPT_STALE_MS,
  KEPT_TEXTS_MAX,
  KEPT_SHOWN_MAX,
  keptPage,
  keptTextOf,
  keptTextQuery,
  type KeptRow,
  type KeptText,
  type Shown,
} from './search-kept';
import { probesQuery, RANKED_MATCHES_MAX, rowsToWalk, walkOfStatement, type Probe } from './search-walks';

/** One ranked match as the queries return it; `path_key` is what the service turns into a URL besides the id. */
export type SearchHitRow = { id: number; title: string; snippet: string; rank: number; path_key: string };

/** A value of a statement, or a placeholder of a prepared one. */
type ValueOf<T> = T | Placeholder;

export type KindSearch = {
  viewer: ViewerOfStatement;
  text: SearchTextOfStatement;
  after?: { rank: ValueOf<number>; id: ValueOf<number> };
  take: number;
  /** Find the matches among the kind's newest this many rows, walked newest first (rowsToWalk), instead of through the GIN index. */
  walk?: number;
};

/**
 * A row's snippet for a tsquery: ts_headline of the kind's text (parts, and the matching text a
 * query finds), with the private-use characters removed so that only its markers are in it.
 */
export function snippetSql(kind: SearchKind, query: SQL): SQL {
  const source = SOURCES[kind];
  const parts = sql.join(source.parts, sql` || ' · ' || `);
  const text = source.matchingText ? sql`${parts} || coalesce(' · ' || ${source.matchingText(query)}, '')` : parts;
  const headlineText = sql`translate(${text}, ${sql.raw(`'\uE000\uE001'`)}::text, '')`;
  return sql`ts_headline(${sql.raw(`'${source.config}'::regconfig`)}, ${headlineText}, ${query}, ${sql.raw(`'${HEADLINE_OPTIONS}'`)}::text)`;
}

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
  const after = search.after ? sql`where (ranked.rank, ranked.id) < (${search.after.rank}::real, ${search.after.id}::integer)` : sql``;
  const rows =
    search.walk === undefined
      ? source.table
      : sql`(select * from ${source.table} order by ${source.id} desc limit ${sqlInteger(search.walk)}) as ${source.table}`;
  return sql`
    select page.id, ${source.title} as title, page.rank, ${source.pathKey} as path_key,
      ${snippetSql(kind, query)} as snippet
    from ${source.from}
    inner join (
      select ranked.id, ranked.rank
      from (
        select newest.id, ts_rank(newest.document, ${query}) as rank
        from (
          select ${source.id} as id, ${source.document} as document
          from ${rows}
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

/** One statement: each kind's search (kindSearchQuery, with its walk where given), its rows named by kind. */
export function kindsSearchQuery(kinds: readonly { kind: SearchKind; walk?: number }[], search: Omit<KindSearch, 'walk'>): SQL {
  return sql.join(
    kinds.map(
      ({ kind, walk }) =>
        sql`(select ${sql.raw(`'${kind}'`)}::text as kind, hits.* from (${kindSearchQuery(kind, { ...search, walk })}) as hits)`,
    ),
    sql` union all `,
  );
}

/** A search as the service asks it. */
export type Search = { viewer: Viewer; text: SearchText; after?: RankPosition; take: number };

/**
 * What decides a statement's text: the kinds and which of them walk their newest rows, whether
 * the viewer is an administrator (no visibility conditions), a cursor, a last word matched as a
 * prefix, the page size, and each walk's length (walkOfStatement). Everything else is a placeholder:
 * viewerId, head, last, afterRank and afterId.
 */
function shapeName(kinds: readonly { kind: SearchKind; walk?: number }[], search: Search): string {
  const kindsName = kinds.map(({ kind, walk }) => `${kind.slice(0, 2)}${walk === undefined ? '' : `w${walk}`}`).join('');
  return `${search.viewer.role === 'AD' ? 'ad' : 'm'}_${kindsName}_${search.after ? 'a' : ''}${search.text.last === null ? '' : 'l'}_${search.take}`;
}

const viewerOfStatement = (viewer: Viewer): ViewerOfStatement => ({ id: sql.placeholder('viewerId'), role: viewer.role });

export const textOfStatement = (text: SearchText): SearchTextOfStatement => ({
  head: sql.placeholder('head'),
  last: text.last === null ? null : sql.placeholder('last'),
});

/** The search statement of a shape, with placeholders (what the repository prepares). */
export function searchStatementQuery(kinds: readonly { kind: SearchKind; walk?: number }[], search: Search): SQL {
  const after = search.after ? { rank: sql.placeholder('afterRank'), id: sql.placeholder('afterId') } : undefined;
  return kindsSearchQuery(kinds, {
    viewer: viewerOfStatement(search.viewer),
    text: textOfStatement(search.text),
    after,
    take: search.take,
  });
}

/** The probe statement of the growing kinds of `kinds`, with placeholders, or null when none grows. */
export function probeStatementQuery(kinds: readonly SearchKind[], text: SearchText): SQL | null {
  return probesQuery(kinds, textOfStatement(text));
}

/** The placeholders' values of a search (the walks are in the statement's text). */
export function searchStatementParams(search: Search): Record<string, unknown> {
  const params: Record<string, unknown> = { viewerId: search.viewer.id, head: search.text.head, last: search.text.last };
  if (search.after) Object.assign(params, { afterRank: search.after.rank, afterId: search.after.id });
  return params;
}

const byRank = (a: SearchHitRow, b: SearchHitRow) => b.rank - a.rank || b.id - a.id;

type RawStatement<Row> = ReturnType<typeof prepareRawStatement<Row>>;

/** Per kind, one statement: the title, path key and snippet of the rows whose ids `ids_<kind>` lists (an integer array's text). */
export function shownStatementQuery(text: SearchText): SQL {
  const statementText = textOfStatement(text);
  return sql.join(
    SEARCH_KINDS.map((kind) => {
      const source = SOURCES[kind];
      const query = tsquerySql(source.config, statementText);
      return sql`(select ${sql.raw(`'${kind}'`)}::text as kind, ${source.id} as id, ${source.title} as title, ${source.pathKey} as path_key,
        ${snippetSql(kind, query)} as snippet
        from ${source.from} where ${source.id} = any(${sql.placeholder(`ids_${kind}`)}::integer[]))`;
    }),
    sql` union all `,
  );
}

/** The kept texts' key: the text as splitSearchText splits it (its tsquery and snippets follow from it alone). */
const keyOfText = (text: SearchText) => JSON.stringify([text.head, text.last]);

/**
 * Search everything's statements, each prepared once per shape on first use (shapeName; the probe
 * per kinds and last word): drizzle builds a statement's text once, and PostgreSQL parses it once
 * per connection. They run on `db`, one query per connection: their cost grows with the matches.
 * While the database's announcements are listened to (search-changes.plugin.ts), each text's
 * ranked matches are kept (`keptTexts`, search-kept.ts, decision 057) and a search answers from
 * them with the viewer's part read per request.
 */
export function createSearchEverythingRepository(db: Database) {
  const searches = new Map<string, RawStatement<SearchHitRow & { kind: SearchKind }>>();
  const probes = new Map<string, RawStatement<Probe & { kind: SearchKind }> | null>();
  const fills = new Map<string, RawStatement<KeptRow>>();
  const shownStatements = new Map<string, RawStatement<{ kind: SearchKind; id: number } & Exclude<Shown, null>>>();
  const circleStatement = prepareRawStatement<{ connections: unknown; spaces: unknown }>(
    db,
    'search_kept_circle',
    circleQuery(sql`${sql.placeholder('viewerId')}`),
  );
  const keptTexts = createChangeFollowingCache<KeptText>({ entries: KEPT_TEXTS_MAX, freshMs: KEPT_FRESH_MS, staleMs: KEPT_STALE_MS });

  function probeStatement(kinds: readonly SearchKind[], text: SearchText) {
    const name = `search_probe_${kinds.map((kind) => kind.slice(0, 2)).join('')}_${text.last === null ? '' : 'l'}`;
    if (!probes.has(name)) {
      const query = probeStatementQuery(kinds, text);
      probes.set(name, query ? prepareRawStatement<Probe & { kind: SearchKind }>(db, name, query) : null);
    }
    return probes.get(name) ?? null;
  }

  function searchStatement(kinds: readonly { kind: SearchKind; walk?: number }[], search: Search) {
    const name = `search_${shapeName(kinds, search)}`;
    let statement = searches.get(name);
    if (!statement) {
      statement = prepareRawStatement<SearchHitRow & { kind: SearchKind }>(db, name, searchStatementQuery(kinds, search));
      searches.set(name, statement);
    }
    return statement;
  }

  /** The walks of the growing kinds of `kinds` for a text (rowsToWalk of the probe's counts). */
  async function walksOf(kinds: readonly SearchKind[], text: SearchText): Promise<Map<SearchKind, number>> {
    const walks = new Map<SearchKind, number>();
    const probe = probeStatement(kinds, text);
    if (probe) {
      for (const { kind, ...counts } of await probe.execute({ head: text.head, last: text.last })) {
        const walk = rowsToWalk(counts);
        if (walk !== null) walks.set(kind, walkOfStatement(walk));
      }
    }
    return walks;
  }

  /** Several kinds' matches from the statements (today's path, and the kept matches' fallback). */
  async function searchKindsByStatements(kinds: readonly SearchKind[], search: Search): Promise<Map<SearchKind, SearchHitRow[]>> {
    const params = searchStatementParams(search);
    const walks = await walksOf(kinds, search.text);
    const statement = searchStatement(
      kinds.map((kind) => ({ kind, walk: walks.get(kind) })),
      search,
    );
    const byKind = new Map<SearchKind, SearchHitRow[]>(kinds.map((kind) => [kind, []]));
    // Both drivers answer a real as a number; the cast keeps the type honest if one answers text.
    for (const row of await statement.execute(params)) {
      row.rank = Number(row.rank);
      byKind.get(row.kind)?.push(row);
    }
    for (const hits of byKind.values()) hits.sort(byRank);
    return byKind;
  }

  /** Every kind's kept matches of a text: the probe, then one statement (keptTextQuery) with the walks. */
  async function fill(text: SearchText): Promise<KeptText> {
    const walks = await walksOf(SEARCH_KINDS, text);
    const name = `search_kept_${SEARCH_KINDS.map((kind) => `${kind.slice(0, 2)}${walks.has(kind) ? `w${walks.get(kind)}` : ''}`).join('')}_${text.last === null ? '' : 'l'}`;
    let statement = fills.get(name);
    if (!statement) {
      statement = prepareRawStatement<KeptRow>(db, name, keptTextQuery(walks, textOfStatement(text)));
      fills.set(name, statement);
    }
    return keptTextOf(await statement.execute({ head: text.head, last: text.last }));
  }

  /** The shown rows of `pages` (ids per kind), read once per text: the kept ones, and the others in one statement. */
  async function shownOf(kept: KeptText, text: SearchText, pages: Map<SearchKind, { id: number }[]>): Promise<Map<string, Shown>> {
    const missing = new Map<SearchKind, number[]>();
    for (const [kind, rows] of pages) {
      const ids = rows.filter((row) => !kept.shown.has(`${kind}:${row.id}`)).map((row) => row.id);
      if (ids.length > 0) missing.set(kind, ids);
    }
    const found = new Map<string, Shown>();
    if (missing.size === 0) return found;
    const name = `search_kept_shown_${text.last === null ? '' : 'l'}`;
    let statement = shownStatements.get(name);
    if (!statement) {
      statement = prepareRawStatement(db, name, shownStatementQuery(text));
      shownStatements.set(name, statement);
    }
    const params: Record<string, unknown> = { head: text.head, last: text.last };
    for (const kind of SEARCH_KINDS) params[`ids_${kind}`] = `{${(missing.get(kind) ?? []).join(',')}}`;
    for (const [kind, ids] of missing) for (const id of ids) found.set(`${kind}:${id}`, null);
    for (const { kind, id, title, path_key, snippet } of await statement.execute(params))
      found.set(`${kind}:${id}`, { title, path_key, snippet });
    for (const [key, shown] of found) {
      if (kept.shown.size >= KEPT_SHOWN_MAX) break;
      kept.shown.set(key, shown);
    }
    // Past the bound, the request's rows are answered from what was read, not kept.
    return found;
  }

  /**
   * Several kinds' matches from the kept matches of the text, or null when they cannot answer: the
   * cache is off (not listened to, or not caught up), or a kind's list was cut short of the viewer's
   * RANKED_MATCHES_MAX (keptPage).
   */
  async function searchKindsKept(kinds: readonly SearchKind[], search: Search): Promise<Map<SearchKind, SearchHitRow[]> | null> {
    const [kept, circle] = await Promise.all([
      keptTexts.kept(keyOfText(search.text), () => fill(search.text)),
      search.viewer.role === 'AD' ? null : circleStatement.execute({ viewerId: search.viewer.id }).then((rows) => circleOf(rows[0])),
    ]);
    if (!kept) return null;
    const pages = new Map<SearchKind, { id: number; rank: number }[]>();
    for (const kind of kinds) {
      const matches = kept.kinds.get(kind);
      const page = matches ? keptPage(kind, matches, search.viewer, circle, search.after, search.take) : [];
      if (page === null) return null;
      pages.set(kind, page);
    }
    const read = await shownOf(kept, search.text, pages);
    const byKind = new Map<SearchKind, SearchHitRow[]>();
    for (const [kind, page] of pages) {
      const hits: SearchHitRow[] = [];
      for (const { id, rank } of page) {
        const key = `${kind}:${id}`;
        const shown = kept.shown.has(key) ? kept.shown.get(key) : read.get(key);
        // A row the statement's join would drop (a post whose author is gone) is not shown, as there.
        if (shown) hits.push({ id, rank, title: shown.title, path_key: shown.path_key, snippet: shown.snippet });
      }
      byKind.set(kind, hits);
    }
    return byKind;
  }

  return {
    /**
     * Several kinds' matches, each kind's best first: from the text's kept matches when they can
     * answer (searchKindsKept), else in two round trips: one statement probes the growing kinds
     * (walk their newest rows or look the word up, rowsToWalk), one searches every kind (a UNION
     * ALL of kindSearchQuery).
     */
    async searchKinds(kinds: readonly SearchKind[], search: Search): Promise<Map<SearchKind, SearchHitRow[]>> {
      if (keptTexts.enabled) {
        const kept = await searchKindsKept(kinds, search);
        if (kept) return kept;
      }
      return searchKindsByStatements(kinds, search);
    },
    /** searchKinds without the kept matches: the statements alone. */
    searchKindsByStatements,
    /** The kept texts, kept true by search-changes.plugin.ts. */
    keptTexts,
  };
}

export type SearchEverythingRepository = ReturnType<typeof createSearchEverythingRepository>;
