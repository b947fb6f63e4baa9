import { z } from 'zod';
import { ASSIGNABLE_ROLES, DELETION_REASONS, pageQuerySchema, paginated, REQUIRED, ROLES, roleSchema, notAChoice } from './common';

/** DRF's message for a value outside a fixed list. */

/** z.enum with DRF messages: 'This field is required.' or '"x" is not a valid choice.' */
function choiceSchema<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: (issue) => (issue.input === undefined ? REQUIRED : notAChoice(issue.input)) });
}

export const ADMIN_MESSAGES = {
  roleUpdated: 'Role updated successfully.',
  userDeleted: 'User deleted successfully',
  postDeleted: 'Post deleted successfully.',
  userNotFound: 'User not found.',
  postNotFound: 'Post not found.',
  ownRole: 'You cannot change your own role.',
  otherAdminRole: "You cannot change another administrator's role.",
  deleteSelf: 'You cannot delete your own account.',
  deleteOtherAdmin: 'You cannot delete another administrator.',
} as const;

// ---------- users ----------

/** A person as the administrator's user list shows them. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: roleSchema,
  is_staff: z.boolean(),
  is_active: z.boolean(),
  /** ISO 8601 (DRF's name). */
  date_joined: z.string(),
  /** ISO 8601, same as date_joined. */
  created_at: z.string(),
  /** URL of the avatar or null. */
  image: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /users/: `q` matches first name, last name or e-mail (substring) or the id (digits); ordered by id. */
export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  role: choiceSchema(ROLES).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
/** The query after parsing (what the server reads). */
export type AdminUsersFilter = z.output<typeof adminUsersQuerySchema>;

/** A page of people plus `count`, the total matching the filters. */
export const adminUserPageSchema = paginated(adminUserSchema).extend({ count: z.number().int() });
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** Body of PATCH /users/admin/update-role/ (AD is never assignable). */
export const updateRoleRequestSchema = z.object({
  user_id: z
    .number({ error: (issue) => (issue.input === undefined ? REQUIRED : 'A valid integer is required.') })
    .int('A valid integer is required.')
    .positive('Ensure this value is greater than or equal to 1.')
    .max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.'),
  role: choiceSchema(ASSIGNABLE_ROLES),
});
export type UpdateRoleRequest = z.input<typeof updateRoleRequestSchema>;

export const updateRoleResponseSchema = z.object({ detail: z.string(), user: adminUserSchema });
export type UpdateRoleResponse = z.infer<typeof updateRoleResponseSchema>;

// ---------- posts ----------

/** Body of DELETE /social/admin/posts/{id}/delete_post/. */
export const deletePostRequestSchema = z.object({ reason: choiceSchema(DELETION_REASONS) });
export type DeletePostRequest = z.input<typeof deletePostRequestSchema>;
/** One of the five moderation reasons. */
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** The author who was told about the removal. */
export const notifiedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});

export const deletePostResponseSchema = z.object({ detail: z.string(), notified_user: notifiedUserSchema });
export type DeletePostResponse = z.infer<typeof deletePostResponseSchema>;

// ---------- dashboard ----------

/** One UTC day of the dashboard chart. */
export const activityDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  signups: z.number().int(),
  posts: z.number().int(),
});

/** Number of days in `activity` (today included). */
export const ADMIN_ACTIVITY_DAYS = 30;

/** GET /api/admin/stats/: live dashboard numbers. */
export const adminStatsSchema = z.object({
  users: z.object({ total: z.number().int(), AD: z.number().int(), TR: z.number().int(), IN: z.number().int(), AL: z.number().int() }),
  /** Live (not deleted) posts. */
  posts: z.number().int(),
  /** done = closed referrals, pending = open ones. */
  referrals: z.object({ done: z.number().int(), pending: z.number().int() }),
  /** The last ADMIN_ACTIVITY_DAYS days, oldest first, missing days as 0. */
  activity: z.array(activityDaySchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// ---------- audit log ----------

/** Actions the admin portal writes (other modules may add more, e.g. job.close). */
export const AUDIT_ACTIONS = [
  'user.role_change',
  'user.delete',
  'post.delete',
  'post.reports_dismiss',
  'post.appeal',
  'post.appeal_decide',
] as const;

export const auditLogQuerySchema = pageQuerySchema.extend({
  /** Exact action, e.g. post.delete. */
  action: z
    .string()
    .trim()
    .max(50)
    .regex(/^[a-z_]+\.[a-z_]+$/, 'Enter a valid action, e.g. post.delete.')
    .optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;
/** The query after parsing (what the server reads). */
export type AuditLogFilter = z.output<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  /** Who did it; id is null once that person was deleted, the label stays. */
  actor: z.object({ id: z.number().int().nullable(), label: z.string() }),
  /** What it was done to (type user, post, ...), labelled at the time. */
  target: z.object({ type: z.string(), id: z.number().int().nullable(), label: z.string() }),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  /** ISO 8601. */
  created_at: z.string(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** Newest first, cursor-paginated. */
export const auditLogPageSchema = paginated(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;
