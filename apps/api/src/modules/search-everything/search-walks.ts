import type { SearchKind } from '@alumlink/contract';
import { sql, type SQL } from 'drizzle-orm';
import { sqlInteger } from '../../db/prepared';
import { SOURCES, tsquerySql, type SearchTextOfStatement } from './search-sources';

/**
 * How many matches of one kind are ranked at most: the newest ones (by id) the viewer may see. A
 * common word matches most rows; ranking them all cost a read of every matching document. Pages
 * by rank continue within these, so a search reaches its newest RANKED_MATCHES_MAX matches.
 */
export const RANKED_MATCHES_MAX = 500;

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
export function probeQuery(kind: SearchKind, text: SearchTextOfStatement): SQL {
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

/**
 * A walk rounded up to PROBE_ROWS times a power of two, at most WALK_ROWS_MAX: the walk is written
 * into its prepared statement's text (a `limit $n` is costed as a tenth of the table, so the
 * generic plan looked dearer than a custom one and every execution was planned again), and a
 * handful of lengths keeps the statements few. Walking more rows costs only when they hold fewer
 * than RANKED_MATCHES_MAX matches the viewer may see: the walk stops at the 500th.
 */
export function walkOfStatement(rows: number): number {
  let walk = PROBE_ROWS;
  while (walk < rows) walk *= 2;
  return Math.min(walk, WALK_ROWS_MAX);
}

/** One statement: for each growing kind of `kinds`, probeQuery's counts, with the kind's name. */
export function probesQuery(kinds: readonly SearchKind[], text: SearchTextOfStatement): SQL | null {
  const growing = kinds.filter((kind) => SOURCES[kind].grows);
  if (growing.length === 0) return null;
  return sql.join(
    growing.map((kind) => sql`(select ${sql.raw(`'${kind}'`)}::text as kind, probe.* from (${probeQuery(kind, text)}) as probe)`),
    sql` union all `,
  );
}
