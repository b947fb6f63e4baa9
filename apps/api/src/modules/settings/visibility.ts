import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
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
 *
 * One top-level NOT EXISTS, so PostgreSQL can run it as an anti-join probing the user_settings
 * primary key per row, and the conversation check probes conversations_pair_idx.
 */
export function visibleToSql(viewer: Viewer, personId: SQLWrapper): SQL | undefined {
  if (viewer.role === 'AD') return undefined;
  return sql`not exists (
    select 1 from ${userSettings}
    where ${userSettings.userId} = ${personId}
      and ${userSettings.userId} <> ${viewer.id}
      and ${userSettings.profileVisibility} <> 'Public'
      and (
        ${userSettings.profileVisibility} = 'Private'
        or not exists (
          select 1 from ${conversations}
          where least(${conversations.userAId}, ${conversations.userBId}) = least(${userSettings.userId}, ${viewer.id}::integer)
            and greatest(${conversations.userAId}, ${conversations.userBId}) = greatest(${userSettings.userId}, ${viewer.id}::integer)
        )
      )
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
