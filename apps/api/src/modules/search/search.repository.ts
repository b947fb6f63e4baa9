import { LIMITS } from '@alumlink/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { createChangeFollowingCache } from '../../db/change-following-cache';
import type { Database, Executor } from '../../db/client';
import { literalLimit, prepareRawStatement, queryOfSharedPlaceholders, sqlInteger } from '../../db/prepared';
import { users } from '../../db/schema/index';
import { likeContains, MAX_ID } from '../../lib/pagination';
import { fieldVisibleToViewerIdSql, visibleToViewerIdSql, type Viewer } from '../settings/visibility';
import { listedPersonFieldSql } from '../users/index';
import { createCommonTrigrams } from './common-trigrams';
import type { UserSummaryRow } from '../users/users.presenter';

/**
 * Per searched column, at most this many prefix matches are ranked (the first in byte order of
 * the value): a page's worth, since within a column that order already puts the closest first.
 */
const PREFIX_CANDIDATES = LIMITS.searchResultsMax;
/**
 * When prefix matches do not fill a page, at most this many other substring matches are ranked
 * (as SAMPLED_CANDIDATES: each costs a heap fetch, the privacy probes and three similarity() calls).
 */
const CONTAINS_CANDIDATES = 3 * LIMITS.searchResultsMax;
/**
 * Of a common text's matches among the sampled people, at most this many (a page) are ranked:
 * they are an arbitrary few of the many (the first by id), so ranking more only costs
 * similarity() calls on long e-mails (an e-mail domain fragment such as "@bench" matched all of
 * 200 candidates: 600 calls).
 */
const SAMPLED_CANDIDATES = LIMITS.searchResultsMax;

/**
 * True when `text` has three letters or digits in a row: a trigram of pg_trgm's (which reads
 * only letters and digits) that the trigram indexes can look up selectively.
 */
export function searchesSubstrings(text: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(text);
}

/**
 * The placeholders of searchPeopleQuery for a search text and viewer; `sampledIds`: for the
 * `sampled` statement, the sampled people whose search texts contain it (walkedMatches).
 */
export function searchPeopleParams(text: string, viewer: Viewer, sampledIds: readonly number[] = []) {
  const needle = text.toLowerCase();
  const contains = likeContains(needle);
  return {
    needle,
    // likeContains escapes the text and wraps it in %...%; without the leading % it is a prefix.
    prefix: contains.slice(1),
    contains,
    id: /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : 0,
    viewerId: viewer.id,
    seesEveryone: viewer.role === 'AD',
    sampledIds,
  };
}

/** The fill's viewer: placeholders it does not read (its statements match for everyone). */
const EVERYONE: Viewer = { id: 0, role: 'AD' };

const SEARCHED_COLUMNS = ['first_name', 'last_name', 'email'] as const;

/**
 * Who a statement answers: `viewer`, the people the viewer may list (the placeholders viewerId and
 * seesEveryone); `everyone`, every active verified person, their e-mail and company matched
 * whatever their settings, answering ids only (the kept candidates of a text, decision 064).
 */
export type SearchAudience = 'viewer' | 'everyone';

/**
 * A text's kept candidates: the first this many ids of its ranking for everyone. A page and room
 * for people some viewers may not list: a viewer who may list fewer than a page of them is answered
 * by the statement itself.
 */
export const KEPT_CANDIDATES = 2 * LIMITS.searchResultsMax;

/** The viewer's placeholders, or (`unseen`) each read through a subquery that custom plans cannot look into. */
type ViewerParams = { viewerId: SQL; seesEveryone: SQL };
const viewerParams = (unseen = false): ViewerParams => {
  const viewerId = sql`${sql.placeholder('viewerId')}::integer`;
  const seesEveryone = sql`${sql.placeholder('seesEveryone')}::boolean`;
  return unseen ? { viewerId: sql`(select ${viewerId})`, seesEveryone: sql`(select ${seesEveryone})` } : { viewerId, seesEveryone };
};
/** The viewer may see the row's e-mail (administrators see every one). */
const emailVisibleSql = ({ viewerId, seesEveryone }: ViewerParams = viewerParams()) =>
  sql`(${seesEveryone} or ${fieldVisibleToViewerIdSql(viewerId, users.id, 'email')})`;
/** The viewer may see the row's company. */
const companyVisibleSql = ({ viewerId, seesEveryone }: ViewerParams = viewerParams()) =>
  sql`(${seesEveryone} or ${fieldVisibleToViewerIdSql(viewerId, users.id, 'company')})`;
/** The row is a person the viewer may list: active, verified, their profile visible to the viewer. */
const eligibleSql = ({ viewerId, seesEveryone }: ViewerParams = viewerParams()) =>
  sql`${users.isActive} and ${users.emailVerifiedAt} is not null and (${seesEveryone} or ${visibleToViewerIdSql(viewerId, users.id)})`;

/**
 * Which statement answers a text: `prefix` (no whole trigram: the prefix ranges and the id only),
 * `trigram` (a trigram that few people share: the trigram indexes when the prefix ranges leave the
 * page short) or `sampled` (every trigram common and a page of the app's sample contain it: those
 * people first, by id).
 */
export type SearchKind = 'prefix' | 'trigram' | 'sampled';

/**
 * People search (tests EXPLAIN it), with the placeholders of searchPeopleParams. People whose
 * profile visibility hides them from the viewer, inactive and unverified people are left out.
 *
 * Ranking every match costs a heap fetch and three similarity() calls per match (2,000 people
 * for a common first name among 100,000), so only a bounded candidate set is ranked:
 * - per column, the first PREFIX_CANDIDATES prefix matches by value: a range of
 *   users_*_prefix_idx walked in order (byte order; "starts with t" is t <= value < t || the
 *   last code point, which also holds in a generic plan and needs no LIKE escaping), so equal
 *   and shorter values, the most similar, come first;
 * - the exact id (primary key);
 * - for `trigram` and `sampled`, only when the above give fewer than a page (one-time filters):
 *   `sampled` first takes up to SAMPLED_CANDIDATES other substring matches among the people of
 *   `sampledIds` (the app's sample says their stored search_text contains it: read by primary
 *   key and matched again here, so a stale sample only makes them fewer); then, when still short
 *   of a page, up to CONTAINS_CANDIDATES from the GIN indexes users_search_text_trgm and users_career_text_trgm. `trigram` asks those
 *   indexes at once: a trigram few people share keeps GIN's scan short (it walks the rarest
 *   posting list and skips through the others), where the sample walk read a hundred pages for
 *   a text that matches nobody. A text whose trigrams are each common but which is itself rare
 *   ("test.bench" where every e-mail ends "@bench.test") still makes the trigram indexes hand
 *   over everyone sharing them, to be rechecked.
 * Each branch reads whole rows, so ranking needs no second visit of users, and filters out
 * who may not be listed, so they take no slot.
 */
export function searchPeopleQuery(db: Executor, { kind, audience = 'viewer' }: { kind: SearchKind; audience?: SearchAudience }) {
  const placeholder = (name: keyof ReturnType<typeof searchPeopleParams>) => sql.placeholder(name);
  const lowered = [users.firstName, users.lastName, users.email].map((column) => sql`lower(${column})`);
  const forEveryone = audience === 'everyone';
  // Per-field privacy: an e-mail the viewer may not see is neither matched nor answered.
  const emailVisible = forEveryone ? sql`true` : emailVisibleSql();
  // The kept candidates rank on the searched columns and answer ids: nothing else is read.
  const columns = forEveryone
    ? sql`${users.id}, ${users.email}, ${users.firstName}, ${users.lastName}`
    : sql`${users.id}, ${users.username}, ${users.email}, ${users.firstName}, ${users.lastName}, ${users.handle}, ${users.role}, ${users.image}`;
  const eligible = forEveryone ? sql`${users.isActive} and ${users.emailVerifiedAt} is not null` : eligibleSql();
  const needle = sql`${placeholder('needle')}::text`;
  // The prefix ranges read the text through a subquery, so PostgreSQL plans them without looking
  // at it: custom plans then cost what the generic one does, and the prepared statement keeps its
  // generic plan for every text (otherwise a text matching only first names looks cheaper planned
  // afresh, and every such search pays for planning again).
  const unseenNeedle = sql`(select ${needle})`;
  const prefixBranches = lowered.map(
    (column, index) => sql`(select ${columns} from ${users}
      where ${eligible}${SEARCHED_COLUMNS[index] === 'email' ? sql` and ${emailVisible}` : sql``}
        and ${column} collate "C" >= ${unseenNeedle} and ${column} collate "C" < ${unseenNeedle} || chr(1114111)
      order by ${column} collate "C", ${users.id} limit ${sqlInteger(PREFIX_CANDIDATES)})`,
  );
  // The same for the substring pattern: one generic plan (the trigram indexes) for every text.
  const unseenContains = sql`(select ${placeholder('contains')}::text)`;
  // Each column is tested as `lower(column) collate "C"`, an expression no index holds: the
  // one-index lookups (users_search_text_trgm, users_career_text_trgm) find the rows, and the
  // planner does not add the per-column trigram indexes to them (a BitmapAnd, three lookups more).
  const containsText = sql.join(
    lowered.map((column, index) =>
      SEARCHED_COLUMNS[index] === 'email'
        ? sql`(${column} collate "C" like ${unseenContains} and ${emailVisible})`
        : sql`${column} collate "C" like ${unseenContains}`,
    ),
    sql` or `,
  );
  // The sampled people are read by primary key (the ids the app found in its sample: at most
  // SAMPLED_IDS, where walking the first 1,000 people by id read up to all of them to find a
  // page, decision record 063), and the text is matched again on their stored users.search_text
  // (the three columns lower-cased as one text, kept by PostgreSQL; `collate "C"`, which its
  // trigram index does not hold, so that a custom plan never prefers that index's posting lists
  // of much of the table to the ids), in a subquery PostgreSQL may not flatten (offset 0): who may be listed is asked only of the rows that match (the
  // eligibility and e-mail rules are subqueries per row), then the exact per-column test.
  // They and the trigram indexes are read only when the prefix ranges and the id found less
  // than a page (a one-time filter: otherwise not started), so a text that fills a page by prefix
  // costs what byPrefix does.
  const prefixesLeavePageShort = sql`(select count(*) from prefixed) < ${sqlInteger(LIMITS.searchResultsMax)}`;
  const sampled = sql`select ${columns} from (
        select * from ${users}
        where ${prefixesLeavePageShort} and ${users.id} = any(${placeholder('sampledIds')}::integer[])
          and ${users.searchText} collate "C" like ${unseenContains} offset 0
      ) as ${users}
      where ${eligible} and (${containsText}) limit ${sqlInteger(SAMPLED_CANDIDATES)}`;
  // The trigram branches run only when the prefix ranges (and the sample) found less than a page.
  // The names and e-mail are looked up once in users_search_text_trgm (their stored search text),
  // then each column is tested on its own (a match across two columns, or a hidden e-mail, is not kept).
  const pageShort =
    kind === 'sampled'
      ? sql`${prefixesLeavePageShort} and (select count(*) from sampled) < ${sqlInteger(LIMITS.searchResultsMax)}`
      : prefixesLeavePageShort;
  const indexed = sql`select ${columns} from ${users}
      where ${pageShort} and ${users.searchText} like ${unseenContains} and ${eligible} and (${containsText})
      limit ${sqlInteger(CONTAINS_CANDIDATES)}`;
  // The career fields (job title, headline, company where the viewer may see it) are matched as
  // substrings through one trigram index over the three (users_career_text_trgm; each field is
  // then tested on its own), ranked after the names and e-mail, and only asked when those leave
  // the page short, like the trigram branch above.
  const companyVisible = forEveryone ? sql`true` : companyVisibleSql();
  const careerText = sql`lower(${users.jobTitle}) collate "C" like ${unseenContains} or lower(${users.headline}) collate "C" like ${unseenContains}
      or (lower(${users.company}) collate "C" like ${unseenContains} and ${companyVisible})`;
  const careerDocument = sql`lower(${users.jobTitle} || ' ' || ${users.headline} || ' ' || ${users.company})`;
  const career = sql`select ${columns} from ${users}
      where ${pageShort} and ${careerDocument} like ${unseenContains} and ${eligible} and (${careerText})
      limit ${sqlInteger(CONTAINS_CANDIDATES)}`;
  const prefixed = sql`${sql.join(prefixBranches, sql` union `)}
    union (select ${columns} from ${users} where ${users.id} = ${placeholder('id')}::integer and ${eligible})`;
  const candidates =
    kind === 'sampled'
      ? sql`(with prefixed as materialized (${prefixed}), sampled as materialized (${sampled})
        select * from prefixed union (select * from sampled) union (${indexed}) union (${career})) as candidates`
      : kind === 'trigram'
        ? sql`(with prefixed as materialized (${prefixed})
        select * from prefixed union (${indexed}) union (${career})) as candidates`
        : sql`(${prefixed}) as candidates`;
  const isPrefix = sql.join(
    SEARCHED_COLUMNS.map((column) => sql`lower(${sql.identifier(column)}) like ${placeholder('prefix')}::text`),
    sql` or `,
  );
  const similarity = sql`greatest(${sql.join(
    SEARCHED_COLUMNS.map((column) => sql`similarity(lower(${sql.identifier(column)}), ${needle})`),
    sql`, `,
  )})`;
  const order = [sql`(id = ${placeholder('id')}::integer) desc`, sql`(${isPrefix}) desc`, sql`${similarity} desc`, sql`id`];
  if (forEveryone) {
    // The kept candidates of a text (decision 064): their ids in rank order, enough to fill a page
    // for viewers who may not list some of them.
    return db
      .select({ id: sql<number>`id`.as('id') })
      .from(candidates)
      .orderBy(...order)
      .limit(literalLimit(KEPT_CANDIDATES));
  }
  return db
    .select({
      // Named as UserSummaryRow names them: the statement runs raw (searchPeopleStatement).
      id: sql<number>`id`.as('id'),
      username: sql<string>`username`.as('username'),
      // Masked here, on the answered rows only: in every candidate branch it would make the generic plan look dearer than custom ones.
      email: listedPersonFieldSql(placeholder('viewerId'), placeholder('seesEveryone'), 'email', {
        id: sql`candidates.id`,
        value: sql`email`,
      }).as('email'),
      firstName: sql<string>`first_name`.as('firstName'),
      lastName: sql<string>`last_name`.as('lastName'),
      handle: sql<string | null>`handle`.as('handle'),
      role: sql<string>`role`.as('role'),
      image: sql<string | null>`image`.as('image'),
    })
    .from(candidates)
    .orderBy(...order)
    .limit(literalLimit(LIMITS.searchResultsMax));
}

/**
 * searchPeopleQuery as the app prepares it (tests EXPLAIN it): each placeholder sent once however
 * often the statement reads it (51 to 99 uses, six values), and the rows answered as PostgreSQL
 * names them (no mapping by Drizzle). Per search that spares the driver typing, serialising and
 * binding the repeats, most of the API's CPU for this statement.
 */
export function searchPeopleStatement(db: Executor, kind: SearchKind, audience: SearchAudience = 'viewer') {
  const query = searchPeopleQuery(db, { kind, audience }).getSQL();
  return { query, toSQL: () => queryOfSharedPlaceholders(query) };
}

/**
 * A page from a text's kept candidates (decision 064; tests EXPLAIN it): the kept ids in rank order
 * (`ids`, `unnest … with ordinality`: `at` is the rank), each read by primary key and kept when the
 * viewer may list the person now (active, verified, profile visible to them) and the person still
 * matches the text as the viewer may match it: names, id, and for a text with a whole trigram
 * (`substrings`) job title and headline, as a prefix or substring like the statement that found
 * them; the e-mail and company only where the viewer may see them. Everything the viewer's part
 * decides is read here, on every request, so only who matches the text is kept. The first page of
 * rows in the nested loop's order, which is the ids' order (the plan is pinned by the tests); the
 * app orders them by `at` all the same. The e-mail is masked as the statement masks it. The filter
 * reads every value through a subquery, so custom plans (which saw how many ids there are and the
 * viewer) cost what the generic plan does and the statement keeps its generic plan: otherwise every
 * request was planned afresh (hot-query-plans.test.ts).
 */
export function keptPeoplePageQuery({ substrings }: { substrings: boolean }): SQL {
  const unseen = (name: 'ids' | 'id' | 'prefix' | 'contains', type: string) => sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
  const viewer = viewerParams(true);
  const pattern = unseen(substrings ? 'contains' : 'prefix', 'text');
  const matches = (column: SQLWrapper) => sql`lower(${column}) collate "C" like ${pattern}`;
  const tests = [matches(users.firstName), matches(users.lastName), sql`${users.id} = ${unseen('id', 'integer')}`];
  if (substrings) tests.push(matches(users.jobTitle), matches(users.headline));
  tests.push(sql`(${matches(users.email)} and ${emailVisibleSql(viewer)})`);
  if (substrings) tests.push(sql`(${matches(users.company)} and ${companyVisibleSql(viewer)})`);
  const email = listedPersonFieldSql(sql.placeholder('viewerId'), sql.placeholder('seesEveryone'), 'email');
  return sql`select kept.at::integer as "at", ${users.id} as "id", ${users.username} as "username", ${email} as "email",
      ${users.firstName} as "firstName", ${users.lastName} as "lastName", ${users.handle} as "handle", ${users.role} as "role",
      ${users.image} as "image"
    from unnest(${unseen('ids', 'integer[]')}) with ordinality as kept(id, at)
    join ${users} on ${users.id} = kept.id
    where ${eligibleSql(viewer)} and (${sql.join(tests, sql` or `)})
    limit ${sqlInteger(LIMITS.searchResultsMax)}`;
}

/** A text's kept candidates: their ids in rank order, and whether the text was matched as substrings (else prefixes). */
export type KeptPeople = { ids: number[]; substrings: boolean };

const STATEMENT_NAMES: Record<SearchKind, string> = {
  prefix: 'people_search_by_prefix',
  trigram: 'people_search_by_trigram',
  sampled: 'people_search_by_sample',
};

const prepareSearchStatements = (db: Database) => {
  const prepare = (kind: SearchKind) =>
    prepareRawStatement<UserSummaryRow>(db, STATEMENT_NAMES[kind], searchPeopleStatement(db, kind).query);
  const fill = (kind: SearchKind) =>
    prepareRawStatement<{ id: number }>(db, `${STATEMENT_NAMES[kind]}_kept`, searchPeopleStatement(db, kind, 'everyone').query);
  const page = (substrings: boolean) =>
    prepareRawStatement<UserSummaryRow & { at: number }>(
      db,
      substrings ? 'people_search_kept_substrings' : 'people_search_kept_prefixes',
      keptPeoplePageQuery({ substrings }),
    );
  return {
    prefix: prepare('prefix'),
    trigram: prepare('trigram'),
    sampled: prepare('sampled'),
    fill: { prefix: fill('prefix'), trigram: fill('trigram'), sampled: fill('sampled') },
    keptPage: { prefixes: page(false), substrings: page(true) },
  };
};

/** At most this many texts' candidates are kept per instance (least recently used dropped first): 40 ids each. */
export const KEPT_TEXTS_MAX = 2_000;
/**
 * Kept candidates of the current generation are read again in the background once this old, and
 * never answered past KEPT_STALE_MS: a belt against a change nobody announced (as decision 057's),
 * never the way a change is seen.
 */
const KEPT_FRESH_MS = 30_000;
const KEPT_STALE_MS = 5 * 60_000;

/** The statement for a text (searchPeopleQuery), given whether all its trigrams are common (and a page of the sample holds it). */
export function searchKindOf(text: string, trigramsCommon: (text: string) => boolean): SearchKind {
  if (!searchesSubstrings(text)) return 'prefix';
  return trigramsCommon(text) ? 'sampled' : 'trigram';
}

/**
 * The statements of this module, prepared once per app, behind their methods
 * (`ctx.repositories.search`); the sample of common trigrams runs on `db` (an unnamed query).
 */
export function createSearchRepository(statements: Database, db: Database) {
  const searchStatements = prepareSearchStatements(statements);
  const commonTrigrams = createCommonTrigrams(db);
  /**
   * Per text (lower-cased), its kept candidates (decision 064), kept true by the announcements of
   * search everything's channel (migrations 0047 and 0050: a person added, removed, renamed, their
   * e-mail, career fields, active or verified flag changed): search-changes.plugin.ts follows it.
   */
  const keptTexts = createChangeFollowingCache<KeptPeople>({ entries: KEPT_TEXTS_MAX, freshMs: KEPT_FRESH_MS, staleMs: KEPT_STALE_MS });
  const byStatement = (text: string, viewer: Viewer): Promise<UserSummaryRow[]> => {
    const sampledIds = searchesSubstrings(text) ? commonTrigrams.sampledMatches(text) : undefined;
    const kind = searchKindOf(text, () => sampledIds !== undefined);
    return searchStatements[kind].execute(searchPeopleParams(text, viewer, sampledIds));
  };
  const fill = async (text: string): Promise<KeptPeople> => {
    const sampledIds = searchesSubstrings(text) ? commonTrigrams.sampledMatches(text) : undefined;
    const kind = searchKindOf(text, () => sampledIds !== undefined);
    const rows = await searchStatements.fill[kind].execute(searchPeopleParams(text, EVERYONE, sampledIds));
    return { ids: rows.map((row) => Number(row.id)), substrings: kind !== 'prefix' };
  };
  return {
    /**
     * Verified, active people whose lower-cased first name, last name or e-mail contains `text`,
     * or whose id equals `text` when it is digits; with a whole trigram, also whose job title,
     * headline or (visible) company contains it. Ranked: exact id, then prefix matches, then
     * trigram similarity, then id.
     *
     * Every text costs a bounded amount (issue #15: a type-ahead box sends one, two, three
     * characters, and any client may send anything), and the statements are prepared, so no
     * search pays for planning (planning the union cost 6-20 ms, more than running it). The app
     * picks one statement per kind of text (searchKindOf), each with one good generic plan:
     * - `prefix`: the prefix ranges and the exact id (at most 3 × PREFIX_CANDIDATES + 1 rows, by
     *   index) for a text without a whole trigram (searchesSubstrings). Such a text, as "7", "an",
     *   "%" or "o'br", can only be looked up in the trigram indexes by scanning all of them or by
     *   the trigrams of word starts, which most people share, so it finds the start of a name or
     *   e-mail, or the id, and no more.
     * - `trigram` or `sampled` for a text with one (common-trigrams.ts tells which): one
     *   statement that looks for substrings only when the prefix ranges and the id leave the page
     *   short (asking for prefixes first and substrings second cost a second round trip).
     */
    async searchPeople(text: string, viewer: Viewer): Promise<UserSummaryRow[]> {
      // The statements lower-case the text and match it case-insensitively: one kept list for every spelling.
      const kept = await keptTexts.kept(text.toLowerCase(), () => fill(text));
      if (kept === null) return byStatement(text, viewer);
      const statement = kept.substrings ? searchStatements.keptPage.substrings : searchStatements.keptPage.prefixes;
      const rows = await statement.execute({ ...searchPeopleParams(text, viewer), ids: kept.ids });
      // Fewer than a page of a list that may have been cut: the viewer may list people past it.
      if (rows.length < LIMITS.searchResultsMax && kept.ids.length >= LIMITS.searchResultsMax) return byStatement(text, viewer);
      return rows.sort((a, b) => a.at - b.at).map(({ at: _at, ...row }) => row);
    },
    /** searchPeople without the kept candidates: the statement for the text (tests compare the two). */
    searchPeopleByStatement: byStatement,
    /** Per text, its kept candidates (decision 064): followed by search-changes.plugin.ts. */
    keptTexts,
    /** Which statement searchPeople runs for the text (searchKindOf, with the app's sample of common trigrams). */
    searchKindOf(text: string): SearchKind {
      return searchKindOf(text, (checked) => commonTrigrams.sampledMatches(checked) !== undefined);
    },
    /** Samples which trigrams are common now, and waits (after loading people in bulk). */
    sampleCommonTrigrams: () => commonTrigrams.refresh(),
  };
}

export type SearchRepository = ReturnType<typeof createSearchRepository>;
