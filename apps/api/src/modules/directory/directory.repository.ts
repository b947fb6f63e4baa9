import type { DirectoryFacetName, DirectoryFilters, PrivateField } from '@alumlink/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { executeRaw } from '../../db/prepared';
import { skillItemsSql, userSettings, users, type UserRow } from '../../db/schema/index';
import { likeContains } from '../../lib/pagination';
import {
  directoryCircleOfSql,
  listedForAudienceSql,
  type DirectoryField,
  type Viewer,
  type ViewerOfStatement,
} from '../settings/visibility';

/** At most this many words of `q` are matched (each must be in the first or last name). */
const MAX_NAME_WORDS = 5;

/** The words of `q` that are matched: lower-cased, at most MAX_NAME_WORDS. */
export function nameWordsOf(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_NAME_WORDS);
}

/** A filter's value in a statement: the value itself, or a placeholder of a prepared statement named after it. */
export type FilterParam = (name: string, value: unknown) => unknown;
const valueItself: FilterParam = (_name, value) => value;

/**
 * Words shorter than a trigram are matched by position (strpos): a trigram index cannot narrow
 * them (it reads every entry: 100,000 of them a name column at large scale), so the statement
 * must not offer it; longer words by LIKE, through the trigram indexes.
 */
export const isShortWord = (word: string): boolean => word.length < 3;

/** A word's placeholder value in nameSql: itself when short (strpos), else its LIKE pattern. */
export const nameWordParam = (word: string): string => (isShortWord(word) ? word : likeContains(word));

/** The name condition of `q`: every word is a substring of the first or the last name. */
function nameSql(q: string, param: FilterParam): SQL | undefined {
  const words = nameWordsOf(q);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word, index) => {
      const value = sql`${param(`w${index}`, nameWordParam(word))}::text`;
      if (isShortWord(word))
        return sql`(strpos(lower(${users.firstName}), ${value}) > 0 or strpos(lower(${users.lastName}), ${value}) > 0)`;
      return sql`(lower(${users.firstName}) like ${value} or lower(${users.lastName}) like ${value})`;
    }),
  );
}

/** The private field (per-field privacy) each filter and facet reads. */
export const FIELD_OF: Partial<Record<DirectoryFacetName, DirectoryField>> = {
  company: 'company',
  location: 'location',
  cohort_year: 'cohort_year',
  skill: 'skills',
};

/** "The viewer may see this field of the person", or undefined when it needs no condition. */
export type FieldRule = (field: DirectoryField) => SQL | undefined;

/**
 * Conditions of the filters (each AND-ed), leaving out the facet `except` (its own filter). A
 * filter on a private field matches only people whose field the viewer may see (`visible`), so
 * filtering never tells what a hidden field holds.
 */
export function filterSql(filters: DirectoryFilters, visible: FieldRule, except?: DirectoryFacetName, param = valueItself): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const onField = (facet: DirectoryFacetName, condition: SQL) => {
    const field = FIELD_OF[facet];
    conditions.push(field ? and(condition, visible(field)) : condition);
  };
  const text = (name: string, value: string) => sql`${param(name, value.toLowerCase())}::text`;
  if (filters.q !== undefined) conditions.push(nameSql(filters.q, param));
  if (filters.role !== undefined && except !== 'role') conditions.push(sql`${users.role} = ${param('role', filters.role)}::text`);
  if (filters.cohort_year !== undefined && except !== 'cohort_year')
    onField('cohort_year', sql`${users.cohortYear} = ${param('cohortYear', filters.cohort_year)}::integer`);
  if (filters.company !== undefined && except !== 'company')
    onField('company', sql`lower(${users.company}) = ${text('company', filters.company)}`);
  if (filters.location !== undefined && except !== 'location')
    onField('location', sql`lower(${users.location}) = ${text('location', filters.location)}`);
  if (filters.skill !== undefined && except !== 'skill')
    onField('skill', sql`${skillItemsSql(users.skills)} @> array[${text('skill', filters.skill)}]`);
  // Written in the text (two values), so that `true` can walk the partial users_directory_open_idx.
  if (filters.open_to_referrals !== undefined)
    conditions.push(sql`${users.openToReferrals} = ${sql.raw(filters.open_to_referrals ? 'true' : 'false')}`);
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

type FacetCount<T> = { value: T; count: number };

/** Who a shared count is for: members see listed Public people, admins every listed person. */
export type FacetAudience = 'public' | 'everyone';

/** Who is counted for the audience, with the private fields the facet reads shown to everyone. */
function audienceSql(audience: FacetAudience, fields: PrivateField[]): SQL {
  return sql`${users.isActive} and ${users.emailVerifiedAt} is not null and ${listedForAudienceSql(audience === 'everyone', users.id, fields)}`;
}

/** The private fields a facet's count reads: its own and those of the other filters set. */
function fieldsRead(filters: DirectoryFilters, facet: DirectoryFacetName): PrivateField[] {
  const read = new Set<PrivateField>();
  const own = FIELD_OF[facet];
  if (own) read.add(own);
  for (const name of ['company', 'location', 'cohort_year', 'skill'] as const) {
    const field = FIELD_OF[name];
    if (field && name !== facet && filters[name] !== undefined) read.add(field);
  }
  return [...read];
}

/** The grouping of one facet: the value shown (most common spelling of a case-insensitive group) and the group. */
function facetGroup(facet: DirectoryFacetName): { from: SQL; value: SQL; group: SQL; present: SQL } {
  switch (facet) {
    case 'role':
      return { from: sql`${users}`, value: sql`${users.role}`, group: sql`${users.role}`, present: sql`true` };
    case 'cohort_year':
      return {
        from: sql`${users}`,
        value: sql`${users.cohortYear}::text`,
        group: sql`${users.cohortYear}`,
        present: sql`${users.cohortYear} is not null`,
      };
    case 'company':
    case 'location': {
      const column = facet === 'company' ? users.company : users.location;
      return {
        from: sql`${users}`,
        value: sql`mode() within group (order by ${column})`,
        group: sql`lower(${column})`,
        present: sql`${column} <> ''`,
      };
    }
    case 'skill':
      // Each item of the stored list counts once per person.
      return {
        from: sql`${users} cross join lateral unnest(string_to_array(${users.skills}, ', ')) as item`,
        value: sql`mode() within group (order by item)`,
        group: sql`lower(item)`,
        present: sql`${users.skills} <> ''`,
      };
  }
}

const FACET_NAMES = ['role', 'cohort_year', 'company', 'skill', 'location'] as const satisfies readonly DirectoryFacetName[];

/**
 * Every facet's top `size` values among the audience's people as ONE statement (one round trip,
 * one plan: decision 043), rows (facet, value as text, count); each facet applies every filter but
 * its own. `param` makes the filters' values placeholders for a prepared statement. With a name
 * (`q`, which is no facet: every facet applies it) the people it matches are read once
 * (namedPeopleSql) and counted five ways, instead of five reads of the name's people.
 */
export function directoryFacetsQuery(audience: FacetAudience, filters: DirectoryFilters, size: number, param?: FilterParam): SQL {
  const named = filters.q !== undefined && nameWordsOf(filters.q).length > 0;
  const branches = FACET_NAMES.map((facet) => {
    // The field conditions sit in the audience's one settings probe (fieldsRead), not per filter.
    const counted = named ? sql.raw(countedColumn(facet)) : audienceSql(audience, fieldsRead(filters, facet));
    const where = and(counted, ...filterSql({ ...filters, q: named ? undefined : filters.q }, () => undefined, facet, param));
    const { from, value, group, present } = facetGroup(facet);
    return sql`(select ${sql.raw(`'${facet}'`)}::text as facet, ${value} as value, count(*)::int as count from ${from}
      where ${where} and ${present} group by ${group} order by count(*) desc, ${group} limit ${sql.raw(String(size))})`;
  });
  const counts = sql.join(branches, sql` union all `);
  return named ? sql`with ${users} as materialized (${namedPeopleSql(audience, filters, param)}) ${counts}` : counts;
}

/** namedPeopleSql's column: "the person is counted in this facet" (the audience and the fields it reads). */
const countedColumn = (facet: DirectoryFacetName) => `counted_${facet}`;

/**
 * The people matching the name of `q` (active and verified), read once, with the columns the
 * facets group and filter by and, per facet, whether the audience counts them there. Named `users`
 * in the statement (a CTE hides the table it reads from the statement after it, not from itself),
 * so the facets' groupings and the other filters read it as they read the table.
 */
function namedPeopleSql(audience: FacetAudience, filters: DirectoryFilters, param?: FilterParam): SQL {
  const counted = FACET_NAMES.map(
    (facet) =>
      sql`${listedForAudienceSql(audience === 'everyone', users.id, fieldsRead(filters, facet))} as ${sql.raw(countedColumn(facet))}`,
  );
  const name = filterSql({ q: filters.q }, () => undefined, undefined, param);
  return sql`select ${users.role}, ${users.cohortYear}, ${users.company}, ${users.location}, ${users.skills}, ${users.openToReferrals},
    ${sql.join(counted, sql`, `)}
    from ${users} where ${users.isActive} and ${users.emailVerifiedAt} is not null and ${and(...name)}`;
}

export type FacetRow = { facet: DirectoryFacetName; value: string; count: number };

/** The rows of directoryFacetsQuery, by facet (years as numbers), in their order. */
export function facetRowsOf(rows: FacetRow[]): FacetRows {
  const byFacet: FacetRows = { role: [], cohort_year: [], company: [], skill: [], location: [] };
  for (const row of rows) {
    if (row.facet === 'cohort_year') byFacet.cohort_year.push({ value: Number(row.value), count: row.count });
    else byFacet[row.facet].push({ value: row.value, count: row.count });
  }
  return byFacet;
}

export type FacetRows = {
  role: FacetCount<string>[];
  cohort_year: FacetCount<number>[];
  company: FacetCount<string>[];
  skill: FacetCount<string>[];
  location: FacetCount<string>[];
};

/**
 * Every facet's top `size` values among the audience's people; each applies every filter but its
 * own. Viewer-independent, so the service shares it between viewers. (The app runs the same
 * statement prepared: DirectoryRepository.countFacets.)
 */
export async function directoryFacets(db: Executor, audience: FacetAudience, filters: DirectoryFilters, size: number): Promise<FacetRows> {
  return facetRowsOf(await executeRaw<FacetRow>(db, directoryFacetsQuery(audience, filters, size)));
}

/** What the service needs to count a person of the viewer's circle into the facets itself. */
export type CirclePersonRow = Pick<
  UserRow,
  'id' | 'firstName' | 'lastName' | 'role' | 'cohortYear' | 'company' | 'skills' | 'location' | 'openToReferrals'
> & {
  /** null: no settings row (the defaults). */
  listed: boolean | null;
  profileVisibility: string | null;
  companyVisibleTo: string | null;
  locationVisibleTo: string | null;
  cohortYearVisibleTo: string | null;
  skillsVisibleTo: string | null;
};

/**
 * The viewer and their connections (settings/visibility.ts connectedSql), active and verified, with their
 * settings: the only people a member may see more of than everyone does. A few rows.
 */
export function directoryCircleQuery(db: Executor, viewer: ViewerOfStatement) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      cohortYear: users.cohortYear,
      company: users.company,
      skills: users.skills,
      location: users.location,
      openToReferrals: users.openToReferrals,
      listed: userSettings.listedInDirectory,
      profileVisibility: userSettings.profileVisibility,
      companyVisibleTo: userSettings.companyVisibleTo,
      locationVisibleTo: userSettings.locationVisibleTo,
      cohortYearVisibleTo: userSettings.cohortYearVisibleTo,
      skillsVisibleTo: userSettings.skillsVisibleTo,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(and(sql`${users.isActive} and ${users.emailVerifiedAt} is not null`, directoryCircleOfSql(viewer, users.id)));
}

/** directoryCircleQuery for one viewer, unprepared (the app prepares it: DirectoryRepository.findCircle). */
export async function directoryCircleOf(db: Executor, viewer: Viewer): Promise<CirclePersonRow[]> {
  return directoryCircleQuery(db, viewer);
}
