import { SEARCH_KINDS, type SearchKind } from '@alumlink/contract';
import { sql, type SQL } from 'drizzle-orm';
import { sqlInteger } from '../../db/prepared';
import { communities, communityMembers, communityModerators, userSettings } from '../../db/schema/index';
import type { RankPosition } from '../../lib/pagination';
import { connectionsOfViewerSql, type Viewer } from '../settings/visibility';
import { SOURCES, tsquerySql, type KindSource, type SearchTextOfStatement } from './search-sources';
import { RANKED_MATCHES_MAX } from './search-walks';

/*
 * The ranked matches of a text kept in memory (decision 057): what the text finds is the same for
 * every viewer but who sees which row, so each kind's newest matches are kept per text with what
 * their visibility depends on, and each request filters them with the viewer's part (connections,
 * spaces), read per request.
 */

/**
 * Each kind keeps its newest this many matches of a text that are true for everyone (live posts,
 * open jobs, active verified people). A viewer who sees at least RANKED_MATCHES_MAX of them has
 * their newest RANKED_MATCHES_MAX among them; one who sees fewer, from a list cut here, is answered
 * by the statements (keptPage answers null).
 */
export const KEPT_MATCHES_MAX = 2_000;
/** At most this many texts are kept (least recently used dropped first). */
export const KEPT_TEXTS_MAX = 100;
/**
 * A kept text of the current generation is filled again in the background once this old (the
 * kept one answering meanwhile), and never answered past KEPT_STALE_MS: a belt against a change
 * nobody announced, as the facet counts' (decision 046), never the way a change is seen.
 */
export const KEPT_FRESH_MS = 30_000;
export const KEPT_STALE_MS = 5 * 60_000;
/** At most this many shown rows' titles and snippets are kept per text; more are read each time. */
export const KEPT_SHOWN_MAX = 200;

/** A person's profile visibility as kept: Public (or no settings row), Private, Only Connections. */
const PROFILE_PUBLIC = 0;
const PROFILE_PRIVATE = 1;
const PROFILE_CONNECTIONS = 2;
/** A row's space as kept: none, a public space, a members-only space, a space id with no space. */
const SPACE_NONE = 0;
const SPACE_PUBLIC = 1;
const SPACE_MEMBERS = 2;
const SPACE_MISSING = 3;

/** One kind's kept matches of a text, newest first, in typed arrays (22 bytes a row). */
export type KeptMatches = {
  length: number;
  /** More matches than KEPT_MATCHES_MAX: the list was cut. */
  cut: boolean;
  ids: Int32Array;
  ranks: Float64Array;
  /** The person the row's visibility depends on (0: none), and their profile visibility. */
  persons: Int32Array;
  profiles: Uint8Array;
  /** The row's space (0: none), and its visibility. */
  spaces: Int32Array;
  spaceKinds: Uint8Array;
};

/** What a hit shows, read for the rows a page shows, once (null: the row has gone, as the statement's join drops it). */
export type Shown = { title: string; path_key: string; snippet: string } | null;

/** A text's kept matches, per kind, and the shown rows' titles and snippets by `kind:id`. */
export type KeptText = { kinds: Map<SearchKind, KeptMatches>; shown: Map<string, Shown> };

/** The viewer's part of visibility, read per request: their connections and the spaces they belong to or moderate. */
export type Circle = { connections: Set<number>; spaces: Set<number> };

/** One row of the fill statement. */
export type KeptRow = { kind: SearchKind; id: number; rank: number; person: number; profile: number; space: number; space_kind: number };

/**
 * One kind's kept matches of a text: its newest KEPT_MATCHES_MAX + 1 matches (among its newest
 * `walk` rows when given, as kindSearchQuery walks) true for everyone, with their rank and what
 * their visibility depends on, coded as the visibility rules read it: visibleToViewerIdSql (no
 * settings row is Public; any other value than Public or Private asks for a connection) and
 * spaceReadableSql (no space id reads; a space id with no space does not).
 */
export function keptMatchesQuery(kind: SearchKind, text: SearchTextOfStatement, walk?: number): SQL {
  const source = SOURCES[kind];
  const query = tsquerySql(source.config, text);
  const { everyone, person, space } = source.kept;
  const rows =
    walk === undefined
      ? source.table
      : sql`(select * from ${source.table} order by ${source.id} desc limit ${sqlInteger(walk)}) as ${source.table}`;
  const profile = person
    ? sql`coalesce((select case ${userSettings.profileVisibility} when 'Public' then ${sqlInteger(PROFILE_PUBLIC)} when 'Private' then ${sqlInteger(PROFILE_PRIVATE)} else ${sqlInteger(PROFILE_CONNECTIONS)} end
        from ${userSettings} where ${userSettings.userId} = ${person}), ${sqlInteger(PROFILE_PUBLIC)})`
    : sqlInteger(PROFILE_PUBLIC);
  const spaceKind = space
    ? sql`case when ${space} is null then ${sqlInteger(SPACE_NONE)} else coalesce((select case when ${communities.visibility} = 'public' then ${sqlInteger(SPACE_PUBLIC)} else ${sqlInteger(SPACE_MEMBERS)} end
        from ${communities} where ${communities.id} = ${space}), ${sqlInteger(SPACE_MISSING)}) end`
    : sqlInteger(SPACE_NONE);
  return sql`(select ${sql.raw(`'${kind}'`)}::text as kind, newest.id, ts_rank(newest.document, ${query}) as rank,
      newest.person, newest.profile, newest.space, newest.space_kind
    from (
      select ${source.id} as id, ${source.document} as document, coalesce(${person ?? sql`null`}, 0)::integer as person,
        ${profile}::integer as profile, coalesce(${space ?? sql`null`}, 0)::integer as space, ${spaceKind}::integer as space_kind
      from ${rows}
      where ${source.document} @@ ${query}${everyone ? sql` and ${everyone}` : sql``}
      order by ${source.id} desc
      limit ${sqlInteger(KEPT_MATCHES_MAX + 1)}
    ) as newest)`;
}

/** One statement: every kind's kept matches (keptMatchesQuery), with the walks of the growing kinds. */
export function keptTextQuery(walks: ReadonlyMap<SearchKind, number>, text: SearchTextOfStatement): SQL {
  return sql.join(
    SEARCH_KINDS.map((kind) => keptMatchesQuery(kind, text, walks.get(kind))),
    sql` union all `,
  );
}

/** The fill's rows as kept: per kind, newest first, at most KEPT_MATCHES_MAX. */
export function keptTextOf(rows: readonly KeptRow[]): KeptText {
  const byKind = new Map<SearchKind, KeptRow[]>(SEARCH_KINDS.map((kind) => [kind, []]));
  for (const row of rows) byKind.get(row.kind)?.push(row);
  const kinds = new Map<SearchKind, KeptMatches>();
  for (const [kind, found] of byKind) {
    found.sort((a, b) => b.id - a.id);
    const length = Math.min(found.length, KEPT_MATCHES_MAX);
    const kept: KeptMatches = {
      length,
      cut: found.length > KEPT_MATCHES_MAX,
      ids: new Int32Array(length),
      ranks: new Float64Array(length),
      persons: new Int32Array(length),
      profiles: new Uint8Array(length),
      spaces: new Int32Array(length),
      spaceKinds: new Uint8Array(length),
    };
    for (let i = 0; i < length; i += 1) {
      const row = found[i] as KeptRow;
      kept.ids[i] = row.id;
      // Both drivers answer a real as a number; the statements' rows are read the same way.
      kept.ranks[i] = Number(row.rank);
      kept.persons[i] = row.person;
      kept.profiles[i] = row.profile;
      kept.spaces[i] = row.space;
      kept.spaceKinds[i] = row.space_kind;
    }
    kinds.set(kind, kept);
  }
  return { kinds, shown: new Map() };
}

/**
 * The viewer's part, one statement (each branch on an index of the viewer's id: conversations'
 * user_a and user_b, mentorships' mentor and mentee, community_members' and community_moderators'
 * user): the people connectedSql connects them with, the spaces spaceReadableSql lets them read.
 */
export function circleQuery(viewerId: SQL | number): SQL {
  const v = sql`${viewerId}::integer`;
  return sql`select
    array(${connectionsOfViewerSql(v)})::integer[] as connections,
    array(
      select ${communityMembers.communityId} from ${communityMembers} where ${communityMembers.userId} = ${v}
      union select ${communityModerators.communityId} from ${communityModerators} where ${communityModerators.userId} = ${v}
    )::integer[] as spaces`;
}

/** The circle's row as a Circle (arrays of integers, or their text on a driver that answers text). */
export function circleOf(row: { connections: unknown; spaces: unknown } | undefined): Circle {
  const numbers = (value: unknown): number[] => {
    // A connection's id is null when that person is gone.
    if (Array.isArray(value)) return value.filter((item) => item !== null).map(Number);
    if (typeof value === 'string')
      return value
        .replace(/[{}]/g, '')
        .split(',')
        .filter((item) => item !== '' && item !== 'NULL')
        .map(Number);
    return [];
  };
  return { connections: new Set(numbers(row?.connections)), spaces: new Set(numbers(row?.spaces)) };
}

/**
 * Whether the viewer may see kept row `i` of a kind whose rules are `rules`: the kind's `visible`
 * rule (search-sources.ts) on what was kept and the viewer's circle (not called for an
 * administrator, who sees every kept row).
 */
function keptVisible(rules: KindSource['kept'], kept: KeptMatches, i: number, viewerId: number, circle: Circle): boolean {
  const person = kept.persons[i] as number;
  if (rules.authorReads && person !== 0 && person === viewerId) return true;
  if (rules.person) {
    const profile = kept.profiles[i];
    const seen = person === viewerId || profile === PROFILE_PUBLIC || (profile === PROFILE_CONNECTIONS && circle.connections.has(person));
    if (!seen) return false;
  }
  if (rules.space) {
    const spaceKind = kept.spaceKinds[i];
    if (spaceKind === SPACE_NONE || spaceKind === SPACE_PUBLIC) return true;
    return spaceKind === SPACE_MEMBERS && circle.spaces.has(kept.spaces[i] as number);
  }
  return true;
}

/**
 * A page of one kind from its kept matches, as kindSearchQuery answers it: the viewer's newest
 * RANKED_MATCHES_MAX visible matches, best first (rank, then newest id), after a position, `take`
 * of them (circle null: an administrator). Null when the list was cut and the viewer sees fewer
 * than RANKED_MATCHES_MAX of it: their newest may be past the cut, so the statement answers. One
 * pass, keeping the best `take` as it goes (no sort of the RANKED_MATCHES_MAX).
 */
export function keptPage(
  kind: SearchKind,
  kept: KeptMatches,
  viewer: Viewer,
  circle: Circle | null,
  after: RankPosition | undefined,
  take: number,
): { id: number; rank: number }[] | null {
  const rules = SOURCES[kind].kept;
  const { ids, ranks } = kept;
  // The cursor's rank is compared as the statement compares it: a real.
  const afterRank = after === undefined ? 0 : Math.fround(after.rank);
  const better = (i: number, j: number) =>
    (ranks[i] as number) > (ranks[j] as number) || (ranks[i] === ranks[j] && (ids[i] as number) > (ids[j] as number));
  const best: number[] = [];
  let seen = 0;
  for (let i = 0; i < kept.length && seen < RANKED_MATCHES_MAX; i += 1) {
    if (circle !== null && !keptVisible(rules, kept, i, viewer.id, circle)) continue;
    seen += 1;
    if (after !== undefined) {
      const rank = Math.fround(ranks[i] as number);
      if (!(rank < afterRank || (rank === afterRank && (ids[i] as number) < after.id))) continue;
    }
    if (best.length === take) {
      if (take === 0 || !better(i, best[take - 1] as number)) continue;
      best.pop();
    }
    let at = best.length;
    while (at > 0 && better(i, best[at - 1] as number)) at -= 1;
    best.splice(at, 0, i);
  }
  if (kept.cut && seen < RANKED_MATCHES_MAX) return null;
  return best.map((i) => ({ id: ids[i] as number, rank: ranks[i] as number }));
}
