import type { SearchKind } from '@alumlink/contract';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRawStatement, sqlInteger } from '../../db/prepared';
import type { RankPosition } from '../../lib/pagination';
import type { Viewer, ViewerOfStatement } from '../settings/visibility';
import { HEADLINE_OPTIONS, SOURCES, tsquerySql, type SearchText, type SearchTextOfStatement } from './search-sources';
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
  const headlineText = sql`translate(${text}, ${sql.raw(`'\uE000\uE001'`)}::text, '')`;
  const after = search.after ? sql`where (ranked.rank, ranked.id) < (${search.after.rank}::real, ${search.after.id}::integer)` : sql``;
  const rows =
    search.walk === undefined
      ? source.table
      : sql`(select * from ${source.table} order by ${source.id} desc limit ${sqlInteger(search.walk)}) as ${source.table}`;
  return sql`
    select page.id, ${source.title} as title, page.rank, ${source.pathKey} as path_key,
      ts_headline(${sql.raw(`'${source.config}'::regconfig`)}, ${headlineText}, ${query}, ${sql.raw(`'${HEADLINE_OPTIONS}'`)}::text) as snippet
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

const textOfStatement = (text: SearchText): SearchTextOfStatement => ({
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

/**
 * Search everything's statements, each prepared once per shape on first use (shapeName; the probe
 * per kinds and last word): drizzle builds a statement's text once, and PostgreSQL parses it once
 * per connection. They run on `db`, one query per connection: their cost grows with the matches.
 */
export function createSearchEverythingRepository(db: Database) {
  const searches = new Map<string, RawStatement<SearchHitRow & { kind: SearchKind }>>();
  const probes = new Map<string, RawStatement<Probe & { kind: SearchKind }> | null>();

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

  return {
    /**
     * Several kinds' matches, each kind's best first, in two round trips: one statement probes the
     * growing kinds (walk their newest rows or look the word up, rowsToWalk), one searches every
     * kind (a UNION ALL of kindSearchQuery).
     */
    async searchKinds(kinds: readonly SearchKind[], search: Search): Promise<Map<SearchKind, SearchHitRow[]>> {
      const params = searchStatementParams(search);
      const walks = new Map<SearchKind, number>();
      const probe = probeStatement(kinds, search.text);
      if (probe) {
        for (const { kind, ...counts } of await probe.execute(params)) {
          const walk = rowsToWalk(counts);
          if (walk !== null) walks.set(kind, walkOfStatement(walk));
        }
      }
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
    },
  };
}

export type SearchEverythingRepository = ReturnType<typeof createSearchEverythingRepository>;
