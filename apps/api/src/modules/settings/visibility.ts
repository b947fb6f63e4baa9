import { and, eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversations, userSettings, users } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';

/** Who is looking. */
export type Viewer = Pick<AuthUser, 'id' | 'role'>;

/**
 * Condition "the viewer may see the person whose id is `personId`" (profile, posts, search),
 * or undefined when the viewer sees everyone (admins). Rules of the profile_visibility setting:
 * Public (or no settings row) → everyone; Private → only the person; Only Connections → the
 * person and whoever shares a conversation with them.
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
 * one conversations_pair_idx probe) however large user_settings grows; a NOT EXISTS would let
 * the planner scan every hidden person's settings row up front.
 */
export function visibleToViewerIdSql(viewerId: number | Placeholder, personId: SQLWrapper): SQL {
  return sql`(${personId} = ${viewerId}::integer or coalesce((
    select case ${userSettings.profileVisibility}
      when 'Public' then true
      when 'Private' then false
      else exists (
        select 1 from ${conversations}
        where least(${conversations.userAId}, ${conversations.userBId}) = least(${userSettings.userId}, ${viewerId}::integer)
          and greatest(${conversations.userAId}, ${conversations.userBId}) = greatest(${userSettings.userId}, ${viewerId}::integer)
      )
    end
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), true))`;
}

/**
 * Condition "the directory may list the person whose id is `personId` to this viewer": they kept
 * listed_in_directory on and the viewer may see them (the profile_visibility rule of
 * visibleToSql, admins see everyone). Listing is decided here and only here, so per-field privacy
 * can plug into the same place. Activity and verification are the directory's own filters.
 *
 * One user_settings primary-key probe per candidate row (and, for Only Connections, one
 * conversations_pair_idx probe), as visibleToViewerIdSql; no settings row means the defaults
 * (listed, Public).
 */
export function listedInDirectoryForSql(viewer: Viewer, personId: SQLWrapper): SQL {
  const seesEveryone = viewer.role === 'AD';
  const visibility = seesEveryone
    ? sql`true`
    : sql`case ${userSettings.profileVisibility}
      when 'Public' then true
      when 'Private' then ${userSettings.userId} = ${viewer.id}::integer
      else ${userSettings.userId} = ${viewer.id}::integer or exists (
        select 1 from ${conversations}
        where least(${conversations.userAId}, ${conversations.userBId}) = least(${userSettings.userId}, ${viewer.id}::integer)
          and greatest(${conversations.userAId}, ${conversations.userBId}) = greatest(${userSettings.userId}, ${viewer.id}::integer)
      )
    end`;
  return sql`coalesce((
    select ${userSettings.listedInDirectory} and ${visibility}
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), true)`;
}

/**
 * Condition "the directory lists the person to everyone (`seesEveryone` false) or to admins
 * (true)": listed_in_directory on and, for everyone, a Public profile. The viewer-independent
 * part of listedInDirectoryForSql, for counts that many viewers share (directory facets);
 * directoryExtrasForViewerSql is the rest.
 */
export function listedForAudienceSql(seesEveryone: boolean, personId: SQLWrapper): SQL {
  const visible = seesEveryone ? sql`true` : sql`${userSettings.profileVisibility} = 'Public'`;
  return sql`coalesce((
    select ${userSettings.listedInDirectory} and ${visible}
    from ${userSettings} where ${userSettings.userId} = ${personId}
  ), true)`;
}

/**
 * Condition "the person is listed, not Public, and the viewer may still see them": the viewer
 * themselves, and their connections (a shared conversation) who chose Only Connections. With
 * listedForAudienceSql(false) it makes listedInDirectoryForSql for a non-admin viewer; bounded by
 * the viewer's conversations (conversations_user_a_idx and _b_idx, the table visibleToSql reads).
 */
export function directoryExtrasForViewerSql(viewer: Viewer, personId: SQLWrapper): SQL {
  return sql`${personId} in (
    select ${userSettings.userId} from ${userSettings}
    where ${userSettings.userId} in (
        select ${viewer.id}::integer
        union all select ${conversations.userBId} from ${conversations} where ${conversations.userAId} = ${viewer.id}::integer
        union all select ${conversations.userAId} from ${conversations} where ${conversations.userBId} = ${viewer.id}::integer
      )
      and ${userSettings.listedInDirectory} and ${userSettings.profileVisibility} <> 'Public'
      and (${userSettings.userId} = ${viewer.id}::integer or ${userSettings.profileVisibility} = 'Only Connections')
  )`;
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
 * True when the person `viewerId` may see `personId` (visibleToSql, with the viewer's role read
 * from the database): for payloads built for one recipient who is not the caller (notifications,
 * socket events). False when the viewer is gone.
 */
export async function userCanSeePerson(db: Executor, viewerId: number, personId: number): Promise<boolean> {
  const [row] = await db
    .select({ visible: sql<boolean>`(${users.role} = 'AD' or ${visibleToViewerIdSql(viewerId, sql`${personId}::integer`)})` })
    .from(users)
    .where(eq(users.id, viewerId))
    .limit(1);
  return row?.visible === true;
}

/** Condition "the person did not turn activity tracking off" (one user_settings primary-key probe per row). */
export function tracksActivitySql(personId: SQLWrapper): SQL {
  return sql`coalesce((select ${userSettings.activityTracking} from ${userSettings} where ${userSettings.userId} = ${personId}), true)`;
}
