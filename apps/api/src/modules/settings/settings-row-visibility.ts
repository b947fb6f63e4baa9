import { DEFAULT_FIELD_PRIVACY, type PrivateField } from '@alumlink/contract';
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { userSettings } from '../../db/schema/index';

/**
 * The directory's rules of settings/visibility.ts (listedInDirectoryForSql, fieldVisibleSql) for
 * one person, read from their settings row in ONE user_settings primary-key probe instead of one
 * probe per rule (a directory page applies the listing rule and shows four private fields). "A
 * connection of the viewer" is the viewer's circle (`circle`: directoryCircleOfSql), gathered once
 * per statement and only when some person's setting needs it.
 *
 * A lateral aggregate: always one row (no settings row: the defaults), and conditions on its
 * columns are pushed into it, so they do not change the estimate of the rows it is joined to
 * (a prepared page keeps walking its index in page order instead of sorting what it estimates few).
 * `checked` adds the column `checked`: conditions on the person checked the same way (given the
 * fields' rules, to match a field only where the viewer may see it).
 */
export function directoryRulesOfSettingsRow(
  db: Executor,
  viewer: { id: SQLWrapper | number; admin: boolean },
  personId: SQLWrapper,
  circle: () => SQL,
  checked: (shown: (field: DirectoryField) => SQL | undefined) => SQL[] = () => [],
) {
  const admin = viewer.admin;
  const isViewer = sql`${personId} = ${viewer.id}::integer`;
  // The settings row with "the person is the viewer" and "… is in the viewer's circle" written
  // once: PostgreSQL pulls this subquery up into each rule that reads them, so the plan is that of
  // the rules written out, while the statement's text (which the client looks up on every
  // execution) and its parameters hold the circle once instead of once per rule.
  const row = db
    .select({
      listedInDirectory: userSettings.listedInDirectory,
      profileVisibility: userSettings.profileVisibility,
      companyVisibleTo: userSettings.companyVisibleTo,
      locationVisibleTo: userSettings.locationVisibleTo,
      cohortYearVisibleTo: userSettings.cohortYearVisibleTo,
      skillsVisibleTo: userSettings.skillsVisibleTo,
      // Nested, so that the person's id stays qualified (a one-table selection drops table names).
      isViewer: sql<boolean>`${isViewer}`.as('is_viewer'),
      inCircle: (admin ? sql<boolean>`true` : sql<boolean>`${circle()}`).as('in_circle'),
    })
    .from(userSettings)
    .where(eq(userSettings.userId, sql`${personId}`))
    .as('person_settings');
  const listedRule = admin
    ? sql`${row.listedInDirectory}`
    : sql`${row.listedInDirectory} and case ${row.profileVisibility}
      when 'Private' then ${row.isViewer}
      when 'Only Connections' then ${row.inCircle}
      else true
    end`;
  const audienceRule = (audience: SQLWrapper) =>
    admin
      ? sql`true`
      : sql`(${row.isViewer} or case ${audience} when 'everyone' then true when 'only_me' then false else ${row.inCircle} end)`;
  // No settings row: the field's default audience, outside the aggregate (where no row is read).
  const defaultRule = (audience: DirectoryField) =>
    sql`(${isViewer} or case ${sql.raw(`'${DEFAULT_FIELD_PRIVACY[audience]}'::text`)} when 'everyone' then true when 'only_me' then false else ${circle()} end)`;
  const shown = (field: DirectoryField) => {
    const column = row[AUDIENCE_COLUMN_NAMES[field]];
    // Written out only when the default is not everyone.
    const byDefault = DEFAULT_FIELD_PRIVACY[field] === 'everyone' || admin ? sql`true` : defaultRule(field);
    return sql<boolean>`coalesce(bool_and(${audienceRule(column)}), ${byDefault})`;
  };
  const conditions = checked((field) => (admin ? undefined : shown(field)));
  return db
    .select({
      listed: sql<boolean>`coalesce(bool_and(${listedRule}), true)`.as('listed'),
      companyShown: shown('company').as('company_shown'),
      locationShown: shown('location').as('location_shown'),
      cohortYearShown: shown('cohort_year').as('cohort_year_shown'),
      skillsShown: shown('skills').as('skills_shown'),
      checked: (conditions.length > 0 ? sql<boolean>`(${and(...conditions)})` : sql<boolean>`true`).as('checked'),
    })
    .from(row)
    .as('person_rules');
}

export type DirectoryRules = ReturnType<typeof directoryRulesOfSettingsRow>;

/** The directory's private fields and the user_settings column of each one's audience. */
export type DirectoryField = Extract<PrivateField, 'company' | 'location' | 'cohort_year' | 'skills'>;
const AUDIENCE_COLUMN_NAMES = {
  company: 'companyVisibleTo',
  location: 'locationVisibleTo',
  cohort_year: 'cohortYearVisibleTo',
  skills: 'skillsVisibleTo',
} as const satisfies Record<DirectoryField, string>;

/** "The viewer may see this field of the person" from directoryRulesLateral's row. */
export function fieldShownSql(rules: DirectoryRules, field: DirectoryField): SQL {
  const column = {
    company: rules.companyShown,
    location: rules.locationShown,
    cohort_year: rules.cohortYearShown,
    skills: rules.skillsShown,
  }[field];
  return sql`${column}`;
}
