import { DEFAULT_FIELD_PRIVACY, type PrivateField } from '@alumlink/contract';
import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversations, mentorships, userSettings, users } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { directoryRulesOfSettingsRow, type DirectoryRules } from './settings-row-visibility';

/** Who is looking. */
export type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** A viewer whose id may be a placeholder of a prepared statement (its role decides the statement's text). */
export type ViewerOfStatement = { id: number | Placeholder; role: Viewer['role'] };

/**
 * Condition "the viewer may see the person whose id is `personId`" (profile, posts, search),
 * or undefined when the viewer sees everyone (admins). Rules of the profile_visibility setting:
 * Public (or no settings row) → everyone; Private → only the person; Only Connections → the
 * person and their connections (connectedSql).
 */
export function visibleToSql(viewer: Viewer, personId: SQLWrapper): SQL | undefined {
  if (viewer.role === 'AD') return undefined;
  return visibleToViewerIdSql(viewer.id, personId);
}

/**
 * The non-admin rule of visibleToSql for a viewer id that may be a placeholder of a prepared
 * statement (`sql.placeholder('viewerId')`).
 *
 * Written as a correlated scalar subquery on purpose: PostgreSQL cannot flatten it into a join,
 * so each candidate row costs one user_settings primary-key probe (and, for Only Connections,
 * the pair probes of connectedSql) however large user_settings grows; a NOT EXISTS would let
 * the planner scan every hidden person's settings row up front.
 */
export function visibleToViewerIdSql(viewerId: number | Placeholder | SQLWrapper, personId: SQLWrapper): SQL {
  return sql`(${personId} = ${viewerId}::integer or coalesce((
    select ${profileRuleOfSettingsSql(viewerId)}
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), true))`;
}

/**
 * Inside a select from user_settings: the profile_visibility rule of visibleToViewerIdSql for the
 * settings' owner (Public → yes, Private → no, Only Connections → a connection). Without a
 * settings row the profile is Public.
 */
export function profileRuleOfSettingsSql(
  viewerId: number | Placeholder | SQLWrapper,
  connected: SQL = connectedToSettingsOwnerSql(viewerId),
): SQL {
  return sql`case ${userSettings.profileVisibility}
      when 'Public' then true
      when 'Private' then false
      else ${connected}
    end`;
}

/**
 * Inside a select from user_settings: connectedSql between the settings' owner and the viewer, probed
 * only when the profile rule or one of `fields`' audiences asks for it (the `else` of
 * profileRuleOfSettingsSql and fieldRuleOfSettingsSql), else null. For a statement that reads
 * several rules of one settings row: computed once (a lateral subquery), it is given to each rule
 * as `connected`, so the pair probes run at most once per row instead of once per rule.
 */
export function connectionAskedBySettingsSql(viewerId: number | Placeholder | SQLWrapper, fields: readonly PrivateField[]): SQL {
  const asked = [
    sql`${userSettings.profileVisibility} not in ('Public', 'Private')`,
    ...fields.map((field) => sql`${AUDIENCE_COLUMNS[field]} not in ('everyone', 'only_me')`),
  ];
  return sql`case when ${sql.join(asked, sql` or `)} then ${connectedToSettingsOwnerSql(viewerId)} end`;
}

/** Mentorship statuses that connect mentor and mentee: accepted (active) or completed. */
const CONNECTING_MENTORSHIP = sql.raw(`('active', 'completed')`);

/**
 * Condition "the two people are connected" (DESIGN 7), the one definition every privacy rule
 * uses: each has written in their conversation (conversations.both_wrote, set by the send that
 * answers the other person, in the same statement) or they have an accepted or completed
 * mentorship. Starting a conversation alone connects nobody. Two pair probes:
 * conversations_pair_idx and the partial mentorships_connected_pair_idx.
 */
export function connectedSql(personA: SQLWrapper, personB: SQLWrapper): SQL {
  const c = conversations;
  const m = mentorships;
  return sql`(exists (
    select 1 from ${c}
    where least(${c.userAId}, ${c.userBId}) = least(${personA}, ${personB})
      and greatest(${c.userAId}, ${c.userBId}) = greatest(${personA}, ${personB})
      and ${c.bothWrote}
  ) or exists (
    select 1 from ${m}
    where least(${m.mentorId}, ${m.menteeId}) = least(${personA}, ${personB})
      and greatest(${m.mentorId}, ${m.menteeId}) = greatest(${personA}, ${personB})
      and ${m.status} in ${CONNECTING_MENTORSHIP}
  ))`;
}

/** Inside a subquery on user_settings: "the viewer is a connection of the settings' owner". */
function connectedToSettingsOwnerSql(viewerId: number | Placeholder | SQLWrapper): SQL {
  return connectedSql(userSettings.userId, sql`${viewerId}::integer`);
}

/** The user_settings column holding each private field's audience. */
const AUDIENCE_COLUMNS = {
  email: userSettings.emailVisibleTo,
  phone: userSettings.phoneVisibleTo,
  company: userSettings.companyVisibleTo,
  location: userSettings.locationVisibleTo,
  cohort_year: userSettings.cohortYearVisibleTo,
  skills: userSettings.skillsVisibleTo,
} as const satisfies Record<PrivateField, unknown>;

/**
 * Condition "the viewer may see this field of the person" (per-field privacy, DESIGN 8.4), or
 * undefined when the viewer sees every field (admins). It does not repeat the person-level rule
 * (visibleToSql): pair them where the query does not already leave hidden people out.
 */
export function fieldVisibleSql(viewer: ViewerOfStatement, personId: SQLWrapper, field: PrivateField): SQL | undefined {
  if (viewer.role === 'AD') return undefined;
  return fieldVisibleToViewerIdSql(viewer.id, personId, field);
}

/**
 * The non-admin rule of fieldVisibleSql for a viewer id that may be a placeholder: the person
 * themself; else everyone → yes, only_me → no, connections → a connection (connectedSql). Without a
 * settings row the field's default audience applies. One user_settings primary-key probe per row.
 */
export function fieldVisibleToViewerIdSql(viewerId: number | Placeholder | SQLWrapper, personId: SQLWrapper, field: PrivateField): SQL {
  return sql`(${personId} = ${viewerId}::integer or coalesce((
    select ${fieldRuleOfSettingsSql(viewerId, field)}
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), ${fieldShownByDefaultSql(field)}))`;
}

/**
 * Inside a select from user_settings: the audience rule of fieldVisibleToViewerIdSql for one field
 * of the settings' owner (everyone → yes, only_me → no, connections → a connection).
 */
export function fieldRuleOfSettingsSql(
  viewerId: number | Placeholder | SQLWrapper,
  field: PrivateField,
  connected: SQL = connectedToSettingsOwnerSql(viewerId),
): SQL {
  return sql`case ${AUDIENCE_COLUMNS[field]}
      when 'everyone' then true
      when 'only_me' then false
      else ${connected}
    end`;
}

/** Whether a field is shown to everyone when its owner has no settings row (DEFAULT_FIELD_PRIVACY). */
export function fieldShownByDefaultSql(field: PrivateField): SQL {
  return sql.raw(DEFAULT_FIELD_PRIVACY[field] === 'everyone' ? 'true' : 'false');
}

/** Every private field visible: what the person and admins see. */
export const ALL_FIELDS_VISIBLE: Readonly<Record<PrivateField, boolean>> = Object.freeze({
  email: true,
  phone: true,
  company: true,
  location: true,
  cohort_year: true,
  skills: true,
});

/**
 * Condition "the directory may list the person whose id is `personId` to this viewer": they kept
 * listed_in_directory on and the viewer may see them (the profile_visibility rule of
 * visibleToSql, admins see everyone). Listing is decided here and only here; which of a listed
 * person's fields show is fieldVisibleSql's. Activity and verification are the directory's own filters.
 *
 * One user_settings primary-key probe per candidate row (and, for Only Connections, the pair
 * probes of connectedSql), as visibleToViewerIdSql; no settings row means the defaults
 * (listed, Public).
 */
export function listedInDirectoryForSql(viewer: ViewerOfStatement, personId: SQLWrapper): SQL {
  const seesEveryone = viewer.role === 'AD';
  const visibility = seesEveryone
    ? sql`true`
    : sql`case ${userSettings.profileVisibility}
      when 'Public' then true
      when 'Private' then ${userSettings.userId} = ${viewer.id}::integer
      else ${userSettings.userId} = ${viewer.id}::integer or ${connectedToSettingsOwnerSql(viewer.id)}
    end`;
  return sql`coalesce((
    select ${userSettings.listedInDirectory} and ${visibility}
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), true)`;
}

/**
 * Condition "the directory lists the person to everyone (`seesEveryone` false) or to admins
 * (true)": listed_in_directory on and, for everyone, a Public profile whose `fields` are shown to
 * everyone (per-field privacy). The viewer-independent part of the directory's rules, for counts
 * that many viewers share (directory facets); a viewer's connections and themselves are counted
 * on top (directoryCircleOfSql). One user_settings primary-key probe per row.
 */
export function listedForAudienceSql(seesEveryone: boolean, personId: SQLWrapper, fields: readonly PrivateField[] = []): SQL {
  const publicFields = seesEveryone ? [] : fields;
  const conditions = [
    sql`${userSettings.listedInDirectory}`,
    ...(seesEveryone ? [] : [sql`${userSettings.profileVisibility} = 'Public'`]),
    ...publicFields.map((field) => sql`${AUDIENCE_COLUMNS[field]} = 'everyone'`),
  ];
  const byDefault = publicFields.every((field) => DEFAULT_FIELD_PRIVACY[field] === 'everyone');
  return sql`coalesce((
    select ${sql.join(conditions, sql` and `)}
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), ${sql.raw(byDefault ? 'true' : 'false')})`;
}

/**
 * The viewer's connections (connectedSql, listed from the viewer's side): one id per row, from
 * the viewer's conversations (conversations_user_a_idx and _b_idx) and mentorships
 * (mentorships_mentor_ and _mentee_created_idx). An id may repeat, or be null (a person gone).
 */
export function connectionsOfViewerSql(viewerId: SQLWrapper): SQL {
  const c = conversations;
  const m = mentorships;
  return sql`select ${c.userBId} from ${c} where ${c.userAId} = ${viewerId} and ${c.bothWrote}
    union all select ${c.userAId} from ${c} where ${c.userBId} = ${viewerId} and ${c.bothWrote}
    union all select ${m.menteeId} from ${m} where ${m.mentorId} = ${viewerId} and ${m.status} in ${CONNECTING_MENTORSHIP}
    union all select ${m.mentorId} from ${m} where ${m.menteeId} = ${viewerId} and ${m.status} in ${CONNECTING_MENTORSHIP}`;
}

/**
 * Condition "the person is the viewer or one of their connections" (connectionsOfViewerSql): the
 * only people a member may see more of than everyone does (an Only Connections profile, fields
 * shown to connections).
 */
export function directoryCircleOfSql(viewer: ViewerOfStatement, personId: SQLWrapper): SQL {
  const me = sql`${viewer.id}::integer`;
  // = any(array(...)): the ids are gathered first, then each looked up by primary key.
  return sql`${personId} = any(array(
    select ${me}
    union all ${connectionsOfViewerSql(me)}
  ))`;
}

/** True when the person exists and the viewer may see them (see visibleToSql). */
export async function canSeePerson(db: Executor, viewer: Viewer, personId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, personId), visibleToSql(viewer, users.id)))
    .limit(1);
  return row !== undefined;
}

/**
 * True when `viewerId` may read the e-mail of `personId` (the person and the field both visible
 * to them): for payloads built for one recipient who is not the caller (notifications, sockets).
 */
export async function userCanSeeEmailOf(db: Executor, viewerId: number, personId: number): Promise<boolean> {
  const [row] = await db
    .select({ visible: emailVisibleToViewerSql(viewerId, sql`${personId}::integer`) })
    .from(users)
    .where(eq(users.id, viewerId))
    .limit(1);
  return row?.visible === true;
}

/**
 * Inside a query on the viewer's `users` row: the viewer is an admin, or the person and their
 * e-mail are both visible to them (userCanSeeEmailOf; a notification's delivery statement asks it
 * of the recipient's row, notifications/preferences.repository.ts).
 */
export function emailVisibleToViewerSql(viewerId: number | Placeholder | SQLWrapper, personId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`(${users.role} = 'AD' or (${visibleToViewerIdSql(viewerId, personId)} and ${fieldVisibleToViewerIdSql(viewerId, personId, 'email')}))`;
}

/** Condition "the person did not turn activity tracking off" (one user_settings primary-key probe per row). */
export function tracksActivitySql(personId: SQLWrapper): SQL {
  return sql`coalesce((select ${userSettings.activityTracking} from ${userSettings} where ${userSettings.userId} = ${personId}), true)`;
}

/**
 * The directory's listing rule and field rules for one person from their settings row, read once
 * (a page's lateral join, settings-row-visibility.ts; decision 054), connections as the viewer's
 * circle (directoryCircleOfSql). `checked`: further conditions on the person, checked there too.
 */
export function directoryRulesLateral(
  db: Executor,
  viewer: ViewerOfStatement,
  personId: SQLWrapper,
  checked?: Parameters<typeof directoryRulesOfSettingsRow>[4],
): DirectoryRules {
  const circle = () => directoryCircleOfSql(viewer, personId);
  return directoryRulesOfSettingsRow(db, { id: viewer.id, admin: viewer.role === 'AD' }, personId, circle, checked);
}
export { fieldShownSql, type DirectoryField, type DirectoryRules } from './settings-row-visibility';
