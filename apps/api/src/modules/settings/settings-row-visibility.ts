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
  const listedRule = admin
    ? sql`${userSettings.listedInDirectory}`
    : sql`${userSettings.listedInDirectory} and case ${userSettings.profileVisibility}
      when 'Private' then ${isViewer}
      when 'Only Connections' then ${circle()}
      else true
    end`;
  const audienceRule = (audience: SQLWrapper) =>
    admin ? sql`true` : sql`(${isViewer} or case ${audience} when 'everyone' then true when 'only_me' then false else ${circle()} end)`;
  const shown = (field: DirectoryField) => {
    const column = AUDIENCE_COLUMNS[field];
    // No settings row: the field's default audience (written out only when it is not everyone).
    const byDefault =
      DEFAULT_FIELD_PRIVACY[field] === 'everyone' || admin ? sql`true` : audienceRule(sql.raw(`'${DEFAULT_FIELD_PRIVACY[field]}'::text`));
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
    .from(userSettings)
    .where(eq(userSettings.userId, sql`${personId}`))
    .as('person_rules');
}

export type DirectoryRules = ReturnType<typeof directoryRulesOfSettingsRow>;

/** The directory's private fields and the user_settings column of each one's audience. */
export type DirectoryField = Extract<PrivateField, 'company' | 'location' | 'cohort_year' | 'skills'>;
const AUDIENCE_COLUMNS = {
  company: userSettings.companyVisibleTo,
  location: userSettings.locationVisibleTo,
  cohort_year: userSettings.cohortYearVisibleTo,
  skills: userSettings.skillsVisibleTo,
} as const satisfies Record<DirectoryField, SQLWrapper>;

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
