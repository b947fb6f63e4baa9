/** The role screen's texts, word for word from the specification. */
export const ROLE_MESSAGES = {
  title: 'User Role Management',
  searchPlaceholder: 'Search users by name, email or ID...',
  loading: 'Loading users...',
  empty: 'No users found matching your criteria',
  loadFailed: 'Failed to fetch users',
  roleUpdated: 'Role updated successfully!',
  roleFailed: 'Failed to update role',
  confirmDelete: 'Are you sure you want to delete this user?',
  userDeleted: 'User deleted successfully',
  deleteFailed: 'Failed to delete user',
  notAuthenticated: 'User not authenticated',
} as const;

/** How long the role status message stays (ms). */
export const ROLE_STATUS_TIMEOUT_MS = 3000;
