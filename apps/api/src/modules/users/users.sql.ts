import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BuildAliasTable } from 'drizzle-orm/pg-core';
import { HIDDEN_EMAIL, type PrivateField } from '@alumlink/contract';
import { users, userSettings } from '../../db/schema/index';
import {
  connectionAskedBySettingsSql,
  fieldRuleOfSettingsSql,
  fieldShownByDefaultSql,
  fieldVisibleSql,
  fieldVisibleToViewerIdSql,
  profileRuleOfSettingsSql,
  visibleToSql,
  visibleToViewerIdSql,
  type Viewer,
} from '../settings/visibility';
import type { UserSummaryRow } from './users.presenter';

// The SQL other modules' statements embed to select people (decision record 038: shared SQL lives in
// its module's *.sql.ts and goes out through index.ts, not through a presenter). Each private field
// goes through personFieldSql / listedPersonFieldSql, which read the rules of settings/visibility.ts
// (profile visibility, per-field audience, connections): a repository never writes its own
// "case when visible then column" again.

type FieldValue<Field extends PrivateField> = Field extends 'cohort_year' ? number | null : string;

/** The users column behind each private field (phone: the number; its country code goes with it). */
const FIELD_COLUMNS = {
  email: 'email',
  phone: 'phoneNumber',
  company: 'company',
  location: 'location',
  cohort_year: 'cohortYear',
  skills: 'skills',
} as const satisfies Record<PrivateField, keyof UsersTable['_']['columns']>;

/** What a field the reader may not see reads as. */
const HIDDEN_SQL: Record<PrivateField, SQL> = {
  email: sql`${HIDDEN_EMAIL}`,
  phone: sql`''`,
  company: sql`''`,
  location: sql`''`,
  cohort_year: sql`null::integer`,
  skills: sql`''`,
};

/**
 * A person's private field as `viewer` may read it, for a statement that joins `table` (users or
 * an alias): the value for themself, admins, and viewers who may see both the person (profile
 * visibility) and the field (its audience); the hidden value otherwise. For queries that do not
 * already leave out the people hidden from the viewer (comments, jobs, referrals, discussions).
 */
export function personFieldSql<Field extends PrivateField>(
  viewer: Viewer,
  field: Field,
  table: UsersTable = users,
): SQL<FieldValue<Field>> {
  const column = table[FIELD_COLUMNS[field]];
  const person = visibleToSql(viewer, table.id);
  const audience = fieldVisibleSql(viewer, table.id, field);
  if (!person || !audience) return sql<FieldValue<Field>>`${column}`;
  return sql<FieldValue<Field>>`case when ${person} and ${audience} then ${column} else ${HIDDEN_SQL[field]} end`;
}

/**
 * Condition "the viewer may read this private field of the person" (the person visible to them
 * and the field's audience including them), or undefined for admins: for searches, which must
 * never match a value the viewer may not read (no oracle).
 */
export function personFieldVisibleSql(viewer: Viewer, field: PrivateField, table: UsersTable = users): SQL | undefined {
  const person = visibleToSql(viewer, table.id);
  const audience = fieldVisibleSql(viewer, table.id, field);
  return person && audience ? sql`(${person} and ${audience})` : undefined;
}

/**
 * personFieldSql for a query that already leaves out the people hidden from the viewer (feed,
 * activity, the mentors list, search), with the viewer as placeholders of a prepared statement:
 * only the field's audience applies. `person`: the person's id and the field's value in the
 * statement (default: the users table's).
 */
export function listedPersonFieldSql<Field extends PrivateField>(
  viewerId: number | Placeholder,
  seesEveryone: boolean | Placeholder,
  field: Field,
  person: { id: SQLWrapper; value: SQLWrapper } = { id: users.id, value: users[FIELD_COLUMNS[field]] },
): SQL<FieldValue<Field>> {
  return sql<
    FieldValue<Field>
  >`case when ${seesEveryone}::boolean or ${fieldVisibleToViewerIdSql(viewerId, person.id, field)} then ${person.value} else ${HIDDEN_SQL[field]} end`;
}

/**
 * The columns of UserSummaryRow, for a drizzle select that joins users (what presentUserSummary
 * reads), e-mail included whatever the person's privacy: only for payloads that go to admins or
 * to the person; otherwise userSummaryColumnsFor or userSummaryColumnsOfListed.
 */
export const userSummaryColumns = summaryColumnsOf(users);

/** The users table, or an alias of it in a statement that joins people in several roles (`alias(users, 'owner')`). */
export type UsersTable = typeof users | BuildAliasTable<typeof users, string>;

function summaryColumnsOf(table: UsersTable) {
  return {
    id: table.id,
    username: table.username,
    email: table.email,
    firstName: table.firstName,
    lastName: table.lastName,
    handle: table.handle,
    role: table.role,
    image: table.image,
  };
}

/**
 * userSummaryColumns with the e-mail as `viewer` may read it: the address for themself, admins
 * and people whose profile visibility lets the viewer see them (visibleToSql), the contract's
 * HIDDEN_EMAIL for anyone else. Use it wherever the query does not already leave out the
 * people hidden from the viewer (comments, jobs, referrals, discussions, notifications). `table`:
 * the users table or an alias of it.
 */
export function userSummaryColumnsFor(viewer: Viewer, table: UsersTable = users) {
  return { ...summaryColumnsOf(table), email: personFieldSql(viewer, 'email', table) };
}

/**
 * personFieldSql for a prepared statement: the viewer is two placeholders (or values), their id
 * and whether they see everyone (admins), so one statement serves every viewer. Same rule: the
 * value for themself, admins, and viewers who may see both the person and the field.
 */
export function personFieldForViewerSql<Field extends PrivateField>(
  viewerId: number | Placeholder,
  seesEveryone: boolean | Placeholder,
  field: Field,
  table: UsersTable = users,
): SQL<FieldValue<Field>> {
  const column = table[FIELD_COLUMNS[field]];
  return sql<
    FieldValue<Field>
  >`case when ${seesEveryone}::boolean or (${visibleToViewerIdSql(viewerId, table.id)} and ${fieldVisibleToViewerIdSql(
    viewerId,
    table.id,
    field,
  )}) then ${column} else ${HIDDEN_SQL[field]} end`;
}

/**
 * personFieldForViewerSql for several fields of one joined person (`table`, an alias of users),
 * with their settings row read once per row instead of twice per field: `join` is a left join
 * lateral, named `rulesAlias`, to put right after the person's join; `field(name)` is the column
 * as the viewer may read it (same rule: themself, admins, or both the person and the field shown);
 * `visible` is visibleToViewerIdSql's answer for the person (or admins'), from the same row.
 * `apart`: the row is read by a probe per person (`offset 0`), never pulled up into a join. Pulled
 * up, PostgreSQL may reorder a statement around it and lose a walk in page order (the mentors
 * list's generic plan did, decision 066); kept apart, the referral board's page cost a quarter
 * more, so it is asked for, not the default.
 */
export function personFieldsForViewerOnce<Field extends PrivateField>(
  viewerId: number | Placeholder,
  seesEveryone: boolean | Placeholder,
  table: UsersTable,
  rulesAlias: string,
  fields: readonly Field[],
  { apart = false }: { apart?: boolean } = {},
) {
  const rules = sql.raw(rulesAlias);
  const connection = sql.raw(`${rulesAlias}_connection`);
  const connected = sql`${connection}.connected`;
  const shownAs = (field: Field) => sql.raw(`${field}_shown`);
  // The viewer's connection to the person, probed once for all the rules that ask for it (`offset 0`
  // keeps the subquery whole: pulled up, its probes would be copied into each rule).
  const join = sql`left join lateral (
    select ${profileRuleOfSettingsSql(viewerId, connected)} as profile_shown,
      ${sql.join(
        fields.map((field) => sql`${fieldRuleOfSettingsSql(viewerId, field, connected)} as ${shownAs(field)}`),
        sql`, `,
      )}
    from ${userSettings}
      cross join lateral (select ${connectionAskedBySettingsSql(viewerId, fields)} as connected offset 0) ${connection}
    where ${userSettings.userId} = ${table.id}${apart ? sql` offset 0` : sql``}
  ) ${rules} on true`;
  const field = <Name extends Field>(name: Name): SQL<FieldValue<Name>> =>
    sql<FieldValue<Name>>`case when ${seesEveryone}::boolean or ${table.id} = ${viewerId}::integer
      or (coalesce(${rules}.profile_shown, true) and coalesce(${rules}.${shownAs(name)}, ${fieldShownByDefaultSql(name)}))
      then ${table[FIELD_COLUMNS[name]]} else ${HIDDEN_SQL[name]} end`;
  const visible = sql`(${seesEveryone}::boolean or ${table.id} = ${viewerId}::integer or coalesce(${rules}.profile_shown, true))`;
  return { join, field, visible };
}

/** userSummaryColumnsFor for a prepared statement (personFieldForViewerSql's placeholders). */
export function userSummaryColumnsForViewer(
  viewerId: number | Placeholder,
  seesEveryone: boolean | Placeholder,
  table: UsersTable = users,
) {
  return { ...summaryColumnsOf(table), email: personFieldForViewerSql(viewerId, seesEveryone, 'email', table) };
}

/**
 * userSummaryColumns for a query that already leaves out the people hidden from the viewer
 * (feed, activity): only the e-mail's own audience (per-field privacy) is applied.
 */
export function userSummaryColumnsOfListed(viewerId: number | Placeholder, seesEveryone: boolean | Placeholder) {
  return { ...userSummaryColumns, email: emailAsSeenBySql(viewerId, seesEveryone) };
}

/** users.email when the viewer sees everyone or the e-mail's audience includes them, else HIDDEN_EMAIL. */
export function emailAsSeenBySql(viewerId: number | Placeholder, seesEveryone: boolean | Placeholder): SQL<string> {
  return listedPersonFieldSql(viewerId, seesEveryone, 'email');
}

/**
 * A person's summary columns as a raw SQL statement answers them (`users u` in that statement,
 * selected with userSummarySqlColumns): statements written in SQL get no drizzle mapping.
 */
export type UserSummarySqlRow = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  handle: string | null;
  role: string;
  image: string | null;
};

/** The select list of UserSummarySqlRow, for a statement that joins `users u`. */
export const userSummarySqlColumns = sql`u.username, u.email, u.first_name, u.last_name, u.handle, u.role, u.image`;

/** UserSummarySqlRow (and the person's id) → UserSummaryRow. */
export function userSummaryFromSql(id: number, row: UserSummarySqlRow): UserSummaryRow {
  return {
    id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    handle: row.handle,
    role: row.role,
    image: row.image,
  };
}
