import { ADMIN_MESSAGES } from '@alumlink/contract';
import type { AuthUser } from '../../../lib/auth';

export type UserManagementAction = 'change_role' | 'delete';

/**
 * Why an administrator may not do `action` to `target`, or null when allowed. Nobody changes or
 * deletes themselves or another administrator (administrators are made from the command line).
 */
export function userManagementRefusal(actor: AuthUser, action: UserManagementAction, target: { id: number; role: string }): string | null {
  if (actor.role !== 'AD') return 'You do not have permission to perform this action.';
  switch (action) {
    case 'change_role':
      if (target.id === actor.id) return ADMIN_MESSAGES.ownRole;
      if (target.role === 'AD') return ADMIN_MESSAGES.otherAdminRole;
      return null;
    case 'delete':
      if (target.id === actor.id) return ADMIN_MESSAGES.deleteSelf;
      if (target.role === 'AD') return ADMIN_MESSAGES.deleteOtherAdmin;
      return null;
  }
}
