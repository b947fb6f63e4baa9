import type { AdminUser, Role } from '@alumlink/contract';
import { mediaUrl } from '../../../lib/media';
import type { AdminUserRow } from './admin-users.repository';

/** A user row → the admin list's adminUserSchema (never the row: no password hash). */
export function presentAdminUser(row: AdminUserRow): AdminUser {
  const joined = row.createdAt.toISOString();
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.role as Role,
    is_staff: row.isStaff,
    is_active: row.isActive,
    date_joined: joined,
    created_at: joined,
    image: mediaUrl(row.image),
  };
}
