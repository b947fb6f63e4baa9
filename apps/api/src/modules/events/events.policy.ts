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
