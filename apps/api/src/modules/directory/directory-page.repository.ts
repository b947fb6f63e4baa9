import type { DirectoryFilters } from '@alumlink/contract';
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeRaw, isoTimestampSql, literalLimit, prepareRawStatement } from '../../db/prepared';
import { userSkills, users } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import { directoryRulesLateral, fieldShownSql, type DirectoryField, type Viewer, type ViewerOfStatement } from '../settings/visibility';
import {
  directoryCircleQuery,
  directoryFacetsQuery,
  facetRowsOf,
  filterSql,
  FIELD_OF,
  isShortWord,
  nameWordParam,
  nameWordsOf,
  type CirclePersonRow,
  type FacetAudience,
  type FacetRow,
  type FacetRows,
  type FilterParam,
} from './directory.repository';
import { createFacetCache } from './directory-facets';
import { createDirectoryIndex, directoryIndexQuery } from './directory-index';
import type { IndexRow } from './directory-index-columns';

/**
 * Which statement serves a page: the filters that are set (their values are placeholders), how
 * many words of `q` it matches, and whether the viewer is an administrator (who sees every listed
 * person and field: no privacy conditions in the text).
 */
export type DirectoryPageShape = { filters: DirectoryFilters; admin: boolean };

const PRESENT = 'x';

/** The shape of a search: its filters with a stand-in for every value (open to referrals as itself: two values), so one statement serves every value. */
export function directoryPageShape(viewer: Viewer, filters: DirectoryFilters): DirectoryPageShape {
  const words = filters.q === undefined ? [] : nameWordsOf(filters.q);
  return {
    admin: viewer.role === 'AD',
    filters: {
      // Each word's stand-in keeps its length class (isShortWord): the two are matched differently.
      q: words.length > 0 ? words.map((word) => (isShortWord(word) ? PRESENT : PRESENT.repeat(3))).join(' ') : undefined,
      role: filters.role === undefined ? undefined : 'AL',
      cohort_year: filters.cohort_year === undefined ? undefined : 0,
      company: filters.company === undefined ? undefined : PRESENT,
      location: filters.location === undefined ? undefined : PRESENT,
      skill: filters.skill === undefined ? undefined : PRESENT,
      open_to_referrals: filters.open_to_referrals,
    },
  };
}

/**
 * A page of `take` listed people matching the shape's filters, newest members first, before a
 * (created_at, id) position, as a query with placeholders (viewerId, each filter's value,
 * beforeAt, beforeId) so that it is prepared once per shape and page size (decision 043). Every
 * whole-value filter has an index in page order (users_directory_*_idx); with two or more, the
 * first of WALK_ORDER is walked and the others are conditions of its index (walkedFilter). A
 * skill's people are walked in page order in user_skills (decision 042), each read by primary key.
 * Each person's settings are read once (directoryRulesLateral: the listing rule, the fields'
 * audiences and the checked filters; decision 054); everyone listed is visible to the viewer, so
 * only each private field's audience applies to what it shows.
 */
export function directoryPageQuery(db: Executor, shape: DirectoryPageShape, take: number) {
  const viewer: ViewerOfStatement = { id: sql.placeholder('viewerId'), role: shape.admin ? 'AD' : 'AL' };
  const placeholder: FilterParam = (name) => sql.placeholder(name);
  const { walked, checked } = walkedFilter(shape.filters);
  // The walked index holds the other whole-value filters after its page order (migration 0048):
  // their values are index conditions, and only whether the viewer may see those fields is
  // checked on the person. A skill is no column of a btree: it is checked on the person.
  const { skill: checkedSkill, ...inIndex } = checked;
  const rules = directoryRulesLateral(db, viewer, users.id, (shownInside) => [
    ...filterSql({ skill: checkedSkill }, shownInside, undefined, placeholder),
    ...checkedFields(inIndex).flatMap((field) => shownInside(field) ?? []),
  ]);
  const visible = (field: DirectoryField) => (shape.admin ? undefined : fieldShownSql(rules, field));
  // A field the viewer may not see reads as empty (the person projection of users.sql.ts).
  const shown = <Value>(field: DirectoryField, column: SQLWrapper, hidden: SQL): SQL<Value> => {
    const rule = visible(field);
    return rule ? sql<Value>`case when ${rule} then ${column} else ${hidden} end` : sql<Value>`${column}`;
  };
  // Named as DirectoryPageRow names them: the app runs the statement raw (createDirectoryRepository).
  const columns = {
    id: sql<number>`${users.id}`.as('id'),
    username: sql<string>`${users.username}`.as('username'),
    firstName: sql<string>`${users.firstName}`.as('first_name'),
    lastName: sql<string>`${users.lastName}`.as('last_name'),
    role: sql<string>`${users.role}`.as('role'),
    image: sql<string | null>`${users.image}`.as('image'),
    headline: sql<string>`${users.headline}`.as('headline'),
    company: shown<string>('company', users.company, sql`''`).as('company'),
    jobTitle: sql<string>`${users.jobTitle}`.as('job_title'),
    location: shown<string>('location', users.location, sql`''`).as('location'),
    cohortYear: shown<number | null>('cohort_year', users.cohortYear, sql`null::integer`).as('cohort_year'),
    skills: shown<string>('skills', users.skills, sql`''`).as('skills'),
    openToReferrals: sql<boolean>`${users.openToReferrals}`.as('open_to_referrals'),
    createdAt: isoTimestampSql(users.createdAt).as('created_at'),
  };
  const listed = sql`${users.isActive} and ${users.emailVerifiedAt} is not null and ${rules.listed} and ${rules.checked}`;
  const before = (at: SQLWrapper, id: SQLWrapper) =>
    sql`(${at}, ${id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`;
  if (walked.skill === undefined) {
    return db
      .select(columns)
      .from(users)
      .innerJoinLateral(rules, sql`true`)
      .where(
        and(
          listed,
          ...filterSql(walked, visible, undefined, placeholder),
          ...filterSql(inIndex, () => undefined, undefined, placeholder),
          before(users.createdAt, users.id),
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(literalLimit(take));
  }
  // The skill's rows in page order; the person's skills field must be one the viewer may see.
  return db
    .select(columns)
    .from(userSkills)
    .innerJoin(users, eq(users.id, userSkills.userId))
    .innerJoinLateral(rules, sql`true`)
    .where(
      and(
        sql`${userSkills.skill} = ${sql.placeholder('skill')}::text`,
        visible('skills'),
        listed,
        ...filterSql(walked, visible, 'skill', placeholder),
        ...skillRowFilterSql(inIndex),
        before(userSkills.createdAt, userSkills.userId),
      ),
    )
    .orderBy(desc(userSkills.createdAt), desc(userSkills.userId))
    .limit(literalLimit(take));
}

/**
 * The whole-value filters a page walks by index: a page walks the first one set in page order
 * (`q` too, by its trigram indexes). A skill first: its rows carry every other whole-value filter
 * (user_skills_directory_idx); then the most selective kind (more values, fewer people a value),
 * whose index holds the kinds after it (migration 0048, decision record 058).
 */
const WALK_ORDER = ['skill', 'company', 'location', 'cohort_year', 'role', 'open_to_referrals'] as const;

/**
 * The filters a page's index walk uses (`walked`: `q` and the first of WALK_ORDER set) and the
 * others (`checked`). A checked skill is checked on each person read (in directoryRulesLateral:
 * estimated as no filter at all, so the prepared plan walks one index in page order and stops
 * after a page, instead of meeting both indexes and sorting every match; decision 054); the other
 * checked filters are conditions of the walked index (decision 058), whether the viewer may see
 * their fields checked on the person.
 */
export function walkedFilter(filters: DirectoryFilters): { walked: DirectoryFilters; checked: DirectoryFilters } {
  const first = WALK_ORDER.find((name) => filters[name] !== undefined);
  const walked: DirectoryFilters = { q: filters.q };
  const checked: DirectoryFilters = {};
  for (const name of WALK_ORDER) {
    if (name === first) Object.assign(walked, { [name]: filters[name] });
    else if (filters[name] !== undefined) Object.assign(checked, { [name]: filters[name] });
  }
  return { walked, checked };
}

/**
 * The whole-value filters on a skill's rows (user_skills keeps each person's, company and location
 * lower-cased: migration 0048), conditions of user_skills_directory_idx. Whether the viewer may
 * see those fields is checked on the person (directoryRulesLateral).
 */
function skillRowFilterSql(filters: DirectoryFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.company !== undefined) conditions.push(sql`${userSkills.company} = ${sql.placeholder('company')}::text`);
  if (filters.location !== undefined) conditions.push(sql`${userSkills.location} = ${sql.placeholder('location')}::text`);
  if (filters.cohort_year !== undefined) conditions.push(sql`${userSkills.cohortYear} = ${sql.placeholder('cohortYear')}::integer`);
  if (filters.role !== undefined) conditions.push(sql`${userSkills.role} = ${sql.placeholder('role')}::text`);
  if (filters.open_to_referrals !== undefined)
    conditions.push(sql`${userSkills.openToReferrals} = ${sql.raw(filters.open_to_referrals ? 'true' : 'false')}`);
  return conditions;
}

/** The private fields the set filters read (a filter matches only people whose field the viewer may see). */
function checkedFields(filters: DirectoryFilters): DirectoryField[] {
  return WALK_ORDER.flatMap((name) => {
    const field = name === 'open_to_referrals' ? undefined : FIELD_OF[name];
    return field !== undefined && filters[name] !== undefined ? [field] : [];
  });
}

/** The placeholders of directoryPageQuery for a viewer, filters and position. */
export function directoryPageParams(viewer: Viewer, filters: DirectoryFilters, before?: CursorPosition): Record<string, unknown> {
  const params: Record<string, unknown> = { viewerId: viewer.id, ...beforeParams(before) };
  const words = filters.q === undefined ? [] : nameWordsOf(filters.q);
  words.forEach((word, index) => (params[`w${index}`] = nameWordParam(word)));
  if (filters.role !== undefined) params.role = filters.role;
  if (filters.cohort_year !== undefined) params.cohortYear = filters.cohort_year;
  if (filters.company !== undefined) params.company = filters.company.toLowerCase();
  if (filters.location !== undefined) params.location = filters.location.toLowerCase();
  if (filters.skill !== undefined) params.skill = filters.skill.toLowerCase();
  return params;
}

/**
 * A row of directoryPageQuery as PostgreSQL names its columns (the statement runs raw: no mapping
 * by Drizzle, `created_at` as ISO text, parsed only for the next page's cursor). Private fields the
 * viewer may not see come empty (the person projection).
 */
export type DirectoryPageRow = {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  role: string;
  image: string | null;
  headline: string;
  company: string;
  job_title: string;
  location: string;
  cohort_year: number | null;
  skills: string;
  open_to_referrals: boolean;
  created_at: string;
};

type Prepared<Statement> = Map<string, Statement>;
const once = <Statement>(statements: Prepared<Statement>, name: string, make: () => Statement): Statement => {
  let statement = statements.get(name);
  if (!statement) {
    statement = make();
    statements.set(name, statement);
  }
  return statement;
};

/** A short name of the filters set (`q` by its words' length classes), for statement names. */
function shapeName(filters: DirectoryFilters): string {
  const { q, ...rest } = filters;
  const set = Object.entries(rest)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => (typeof value === 'boolean' ? `${name.slice(0, 4)}${value ? 'y' : 'n'}` : name.slice(0, 4)));
  const words = q ? q.split(' ').map((word) => (isShortWord(word) ? 's' : 'l')) : [];
  return `${set.join('_') || 'all'}_q${words.join('') || '0'}`;
}

/**
 * The directory's statements, prepared once per shape (and page size) on first use
 * (`ctx.repositories.directory`). Pages and the viewer's circle are bounded by indexes and run on
 * the pipelined `statements`; facet counts grow with the people counted and run on `db`, and the
 * counts every member shares are kept in `facetCache` (kept true by directory-changes.plugin.ts).
 */
export function createDirectoryRepository(statements: Database, db: Database) {
  const pages: Prepared<ReturnType<typeof prepareRawStatement<DirectoryPageRow>>> = new Map();
  const facets: Prepared<ReturnType<typeof prepareRawStatement<FacetRow>>> = new Map();
  const circle = directoryCircleQuery(statements, { id: sql.placeholder('viewerId'), role: 'AL' }).prepare('directory_circle');
  return {
    /** The shared facet counts (decision record 046). */
    facetCache: createFacetCache(
      Date.now,
      createDirectoryIndex(async (which) => executeRaw<IndexRow>(db, directoryIndexQuery(which))),
    ),
    /** `take` listed people matching the filters before `before` (newest first), as the viewer may see them. */
    findPage(viewer: Viewer, filters: DirectoryFilters, page: { before?: CursorPosition; take: number }): Promise<DirectoryPageRow[]> {
      const shape = directoryPageShape(viewer, filters);
      const name = `directory_${shape.admin ? 'ad' : 'm'}_${shapeName(shape.filters)}_${page.take}`;
      // Raw (each placeholder sent once, rows as PostgreSQL answers them): Drizzle's mapping of
      // each row and a Date per row were a tenth of the page's API time (decision record 063).
      const statement = once(pages, name, () =>
        prepareRawStatement<DirectoryPageRow>(statements, name, directoryPageQuery(statements, shape, page.take).getSQL()),
      );
      return statement.execute(directoryPageParams(viewer, filters, page.before));
    },
    /** directoryFacets (`q` already as its matched words), prepared per audience, shape and size. */
    async countFacets(audience: FacetAudience, filters: DirectoryFilters, size: number): Promise<FacetRows> {
      const shape = directoryPageShape({ id: 0, role: 'AL' }, filters).filters;
      const name = `directory_facets_${audience}_${shapeName(shape)}_${size}`;
      const param: FilterParam = (placeholder) => sql.placeholder(placeholder);
      const statement = once(facets, name, () =>
        prepareRawStatement<FacetRow>(db, name, directoryFacetsQuery(audience, shape, size, param)),
      );
      return facetRowsOf(await statement.execute(directoryPageParams({ id: 0, role: 'AL' }, filters)));
    },
    /** The viewer and their connections, with their settings (directoryCircleOf). */
    findCircle(viewer: Viewer): Promise<CirclePersonRow[]> {
      return circle.execute({ viewerId: viewer.id });
    },
  };
}

export type DirectoryRepository = ReturnType<typeof createDirectoryRepository>;
