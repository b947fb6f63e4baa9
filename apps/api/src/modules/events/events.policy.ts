import type { SQL } from 'drizzle-orm';
import { events, type EventRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { spaceReadableSql } from '../posts/posts.policy';

export type EventAction = 'manage' | 'register' | 'discuss';

/** Who may do what with events: admins manage them; every signed-in person registers and talks. */
export function canOnEvents(user: AuthUser, action: EventAction): boolean {
  switch (action) {
    case 'manage':
      return user.role === 'AD';
    case 'register':
    case 'discuss':
      return true;
  }
}

/**
 * "The reader may see the event" on every events route (list, detail, calendar file, registration,
 * discussion, search everything): an event of no space or of a public one is public; one of a
 * members-only space is its members' and moderators' alone (spaceReadableSql, the posts' rule) and
 * administrators'. Visitors (null) see public events only.
 */
export function eventReadableSql(reader: Pick<AuthUser, 'id' | 'role'> | null): SQL | undefined {
  if (reader?.role === 'AD') return undefined;
  return spaceReadableSql(reader?.id ?? 0, events.communityId);
}

/**
 * Who runs one event (sees its attendees, exports them, checks people in): its host (the person
 * who created it) and admins.
 */
export function canManageEvent(user: Pick<AuthUser, 'id' | 'role'>, event: Pick<EventRow, 'createdBy'>): boolean {
  return user.role === 'AD' || (event.createdBy !== null && event.createdBy === user.id);
}
