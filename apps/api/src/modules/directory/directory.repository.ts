import type { DirectoryFacetName, DirectoryFilters, PrivateField } from '@alumlink/contract';
import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { skillItemsSql, userSettings, users, type UserRow } from '../../db/schema/index';
import { likeContains, type CursorPosition } from '../../lib/pagination';
import { directoryCircleOfSql, fieldVisibleSql, listedForAudienceSql, listedInDirectoryForSql, type Viewer } from '../settings/visibility';
import { listedPersonFieldSql } from '../users/index';

/** At most this many words of `q` are matched (each must be in the first or last name). */
const MAX_NAME_WORDS = 5;

/** Columns a directory card needs. */
export const directoryColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  image: users.image,
  headline: users.headline,
  company: users.company,
  jobTitle: users.jobTitle,
  location: users.location,
  cohortYear: users.cohortYear,
  skills: users.skills,
  openToReferrals: users.openToReferrals,
  createdAt: users.createdAt,
};
export type DirectoryRow = Pick<UserRow, keyof typeof directoryColumns>;
/** A row whose private fields are as the viewer may see them (hidden ones empty: the person projection). */
export type DirectoryListRow = DirectoryRow;

/** Who the directory may list to the viewer: active, verified, listed and visible to them. */
function listedSql(viewer: Viewer): SQL {
  return sql`${users.isActive} and ${users.emailVerifiedAt} is not null and ${listedInDirectoryForSql(viewer, users.id)}`;
}

/** The words of `q` that are matched: lower-cased, at most MAX_NAME_WORDS. */
export function nameWordsOf(q: string): string[] {
  return q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_NAME_WORDS);
}

/** The name condition of `q`: every word is a substring of the first or the last name (trigram indexes). */
function nameSql(q: string): SQL | undefined {
  const words = nameWordsOf(q);
  if (words.length === 0) return undefined;
  return and(
    ...words.map(
      (word) => sql`(lower(${users.firstName}) like ${likeContains(word)} or lower(${users.lastName}) like ${likeContains(word)})`,
    ),
  );
}

/** The private field (per-field privacy) each filter and facet reads. */
export const FIELD_OF: Partial<Record<DirectoryFacetName, PrivateField>> = {
  company: 'company',
  location: 'location',
  cohort_year: 'cohort_year',
  skill: 'skills',
};

/** "The viewer may see this field of the person", or undefined when it needs no condition. */
type FieldRule = (field: PrivateField) => SQL | undefined;

/**
 * Conditions of the filters (each AND-ed), leaving out the facet `except` (its own filter). A
 * filter on a private field matches only people whose field the viewer may see (`visible`), so
 * filtering never tells what a hidden field holds.
 */
function filterSql(filters: DirectoryFilters, visible: FieldRule, except?: DirectoryFacetName): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  const onField = (facet: DirectoryFacetName, condition: SQL) => {
    const field = FIELD_OF[facet];
    conditions.push(field ? and(condition, visible(field)) : condition);
  };
  if (filters.q !== undefined) conditions.push(nameSql(filters.q));
  if (filters.role !== undefined && except !== 'role') conditions.push(eq(users.role, filters.role));
  if (filters.cohort_year !== undefined && except !== 'cohort_year') onField('cohort_year', eq(users.cohortYear, filters.cohort_year));
  if (filters.company !== undefined && except !== 'company')
    onField('company', sql`lower(${users.company}) = ${filters.company.toLowerCase()}`);
  if (filters.location !== undefined && except !== 'location')
    onField('location', sql`lower(${users.location}) = ${filters.location.toLowerCase()}`);
  if (filters.skill !== undefined && except !== 'skill')
    onField('skill', sql`${skillItemsSql(users.skills)} @> array[${filters.skill.toLowerCase()}::text]`);
  if (filters.open_to_referrals !== undefined) conditions.push(eq(users.openToReferrals, filters.open_to_referrals));
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** One page of listed people matching the filters, newest members first, after `cursor`. */
export async function listDirectory(
  db: Executor,
  viewer: Viewer,
  filters: DirectoryFilters,
  page: { cursor?: CursorPosition; limit: number },
): Promise<DirectoryListRow[]> {
  const after = page.cursor
    ? sql`(${users.createdAt}, ${users.id}) < (${page.cursor.at.toISOString()}::timestamptz, ${page.cursor.id}::integer)`
    : undefined;
  const visible: FieldRule = (field) => fieldVisibleSql(viewer, users.id, field);
  // Everyone listed is visible to the viewer (listedSql): only each field's audience applies.
  const shown = <Field extends PrivateField>(field: Field) => listedPersonFieldSql(viewer.id, viewer.role === 'AD', field);
  return db
    .select({
      ...directoryColumns,
      company: shown('company'),
      location: shown('location'),
      cohortYear: shown('cohort_year'),
      skills: shown('skills'),
    })
    .from(users)
    .where(and(listedSql(viewer), ...filterSql(filters, visible), after))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1);
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

/** One facet's top values; `where` already holds the audience and every filter but the facet's own. */
function facetQuery(db: Executor, where: SQL | undefined, facet: Exclude<DirectoryFacetName, 'skill'>, size: number) {
  const count = sql<number>`count(*)::int`;
  switch (facet) {
    case 'role':
    case 'cohort_year': {
      const column = facet === 'role' ? users.role : users.cohortYear;
      return db
        .select({ value: sql<string | number>`${column}`, count })
        .from(users)
        .where(and(where, isNotNull(column)))
        .groupBy(column)
        .orderBy(sql`count(*) desc`, column)
        .limit(size);
    }
    case 'company':
    case 'location': {
      const column = facet === 'company' ? users.company : users.location;
      // Case-insensitive groups, shown in their most common spelling.
      return db
        .select({ value: sql<string>`mode() within group (order by ${column})`, count })
        .from(users)
        .where(and(where, sql`${column} <> ''`))
        .groupBy(sql`lower(${column})`)
        .orderBy(sql`count(*) desc`, sql`lower(${column})`)
        .limit(size);
    }
  }
}

/** Top skills (each item of the stored list counts once per person). */
function skillFacetQuery(db: Executor, where: SQL | undefined, size: number) {
  const item = sql`item`;
  return db
    .select({ value: sql<string>`mode() within group (order by ${item})`, count: sql<number>`count(*)::int` })
    .from(sql`${users} cross join lateral unnest(string_to_array(${users.skills}, ', ')) as item`)
    .where(and(where, sql`${users.skills} <> ''`))
    .groupBy(sql`lower(${item})`)
    .orderBy(sql`count(*) desc`, sql`lower(${item})`)
    .limit(size);
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
 * own. Viewer-independent, so the service shares it between viewers.
 */
export async function directoryFacets(db: Executor, audience: FacetAudience, filters: DirectoryFilters, size: number): Promise<FacetRows> {
  // The field conditions sit in the audience's one settings probe (fieldsRead), not per filter.
  const where = (facet: DirectoryFacetName) =>
    and(audienceSql(audience, fieldsRead(filters, facet)), ...filterSql(filters, () => undefined, facet));
  // One after the other: one connection per request, as every other route.
  const role = (await facetQuery(db, where('role'), 'role', size)) as FacetCount<string>[];
  const cohortYear = (await facetQuery(db, where('cohort_year'), 'cohort_year', size)) as FacetCount<number>[];
  const company = (await facetQuery(db, where('company'), 'company', size)) as FacetCount<string>[];
  const skill = await skillFacetQuery(db, where('skill'), size);
  const location = (await facetQuery(db, where('location'), 'location', size)) as FacetCount<string>[];
  return { role, cohort_year: cohortYear, company, skill, location };
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
export async function directoryCircleOf(db: Executor, viewer: Viewer): Promise<CirclePersonRow[]> {
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
