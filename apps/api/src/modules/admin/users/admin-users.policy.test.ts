import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../lib/auth';
import { userManagementRefusal } from './admin-users.policy';

const admin: AuthUser = { id: 1, role: 'AD', is_staff: true, email: 'a@example.com', session: '00000000-0000-4000-8000-000000000001' };

describe('userManagementRefusal', () => {
  it('allows an administrator to manage non-administrators', () => {
    for (const role of ['TR', 'IN', 'AL']) {
      expect(userManagementRefusal(admin, 'change_role', { id: 2, role })).toBeNull();
      expect(userManagementRefusal(admin, 'delete', { id: 2, role })).toBeNull();
    }
  });

  it('refuses yourself, other administrators and non-administrators', () => {
    expect(userManagementRefusal(admin, 'change_role', { id: 1, role: 'AD' })).toBe('You cannot change your own role.');
    expect(userManagementRefusal(admin, 'delete', { id: 1, role: 'AD' })).toBe('You cannot delete your own account.');
    expect(userManagementRefusal(admin, 'change_role', { id: 3, role: 'AD' })).toBe("You cannot change another administrator's role.");
    expect(userManagementRefusal(admin, 'delete', { id: 3, role: 'AD' })).toBe('You cannot delete another administrator.');
    const staffAlumni: AuthUser = {
      id: 4,
      role: 'AL',
      is_staff: true,
      email: 'b@example.com',
      session: '00000000-0000-4000-8000-000000000002',
    };
    expect(userManagementRefusal(staffAlumni, 'delete', { id: 2, role: 'TR' })).toBe('You do not have permission to perform this action.');
  });
});
