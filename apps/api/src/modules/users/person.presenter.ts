import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { HIDDEN_EMAIL, type PrivateField, type User } from '@alumlink/contract';
import { users } from '../../db/schema/index';
import { fieldVisibleSql, fieldVisibleToViewerIdSql, visibleToSql, type Viewer } from '../settings/visibility';
import type { UsersTable } from './users.presenter';

// One projection of a person (DESIGN 7): wherever a person appears to someone else (profiles,
// the directory, search, mentors, referral boards, attendees, comments, notifications, socket
// payloads), each private field goes through this module, which reads the rules of
// settings/visibility.ts (profile visibility, per-field audience, connections). A presenter or
// repository never writes its own "case when visible then column" again.

/** Which private fields the reader may see. */
export type VisibleFields = Record<PrivateField, boolean>;

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

/** The summary with the e-mail hidden (HIDDEN_EMAIL): for payloads that go to people who may not see it. */
export function withoutEmail<Row extends { email: string }>(row: Row): Row {
  return { ...row, email: HIDDEN_EMAIL };
}

type FieldValue<Field extends PrivateField> = Field extends 'cohort_year' ? number | null : string;

/** The user with the fields the reader may not see emptied (the e-mail as HIDDEN_EMAIL). */
export function hidePersonFields(user: User, visible: VisibleFields): User {
  const phone = visible.phone ? {} : { country_code: '', phone_number: '', phone: '' };
  return {
    ...user,
    ...phone,
    email: visible.email ? user.email : HIDDEN_EMAIL,
    company: visible.company ? user.company : '',
    location: visible.location ? user.location : '',
    cohort_year: visible.cohort_year ? user.cohort_year : null,
    skills: visible.skills ? user.skills : '',
  };
}
