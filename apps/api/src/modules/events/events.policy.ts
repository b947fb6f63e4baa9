import type { EventRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';

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
 * Who runs one event (sees its attendees, exports them, checks people in): its host (the person
 * who created it) and admins.
 */
export function canManageEvent(user: Pick<AuthUser, 'id' | 'role'>, event: Pick<EventRow, 'createdBy'>): boolean {
  return user.role === 'AD' || (event.createdBy !== null && event.createdBy === user.id);
}
