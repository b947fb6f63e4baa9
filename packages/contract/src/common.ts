import { z } from 'zod';

/** Role codes of the specification: Admin, Trainee, Intern, Alumni. */
export const ROLES = ['AD', 'TR', 'IN', 'AL'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles an administrator may assign; AD is never assignable through the API. */
export const ASSIGNABLE_ROLES = ['TR', 'IN', 'AL'] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);

export const ROLE_LABELS: Record<Role, string> = {
  AD: 'Admin',
  TR: 'Trainee',
  IN: 'Intern',
  AL: 'Alumni',
};

/** Role label with the specification's fallback to the raw code. */
export function roleLabel(code: string | null | undefined): string {
  if (!code) return '';
  return (ROLE_LABELS as Record<string, string>)[code] ?? code;
}

/** The five moderation reasons, word for word. */
export const DELETION_REASONS = [
  'Unwanted content',
  'Selling or promoting restricted items',
  'Scam or fraud',
  'False information',
  'There is an error in the post',
] as const;
export const deletionReasonSchema = z.enum(DELETION_REASONS);

export const LIMITS = {
  pageDefault: 20,
  pageMax: 100,
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 150,
  emailMax: 254,
  otpLength: 6,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  otpResendCooldownSeconds: 60,
  accessTokenMinutes: 15,
  refreshTokenDays: 30,
  captionMax: 2_000,
  commentMax: 2_000,
  messageMax: 5_000,
  bioMax: 2_000,
  skillsMax: 1_000,
  handleMax: 30,
  searchResultsMax: 20,
  uploadMaxBytes: 10 * 1024 * 1024,
} as const;

/** Query string of every cursor-paginated collection. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageMax).default(LIMITS.pageDefault),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** `{results, next}` envelope of every cursor-paginated collection. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ results: z.array(item), next: z.string().nullable() });
}
export type Paginated<T> = { results: T[]; next: string | null };

/** Error body for everything except validation: `{detail, code}`. */
export const errorSchema = z.object({ detail: z.string(), code: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

/** Validation error body: field name → messages, plus `non_field_errors`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const detailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof detailSchema>;

/** Positive integer id in a path or query string. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const idParamsSchema = z.object({ id: idSchema });

export const REQUIRED = 'This field is required.';

/**
 * `"<value>" is not a valid choice.` for a string, number or boolean; a bare sentence for anything else.
 * Never String() an arbitrary input: a JSON object such as {"toString": false} makes it throw.
 */
export function notAChoice(input: unknown): string {
  const printable = typeof input === 'string' || typeof input === 'number' || typeof input === 'boolean';
  return printable ? `"${String(input)}" is not a valid choice.` : 'Not a valid choice.';
}

/** The error of a choice field (z.enum): required when missing, else notAChoice. */
export const choiceError = (issue: { input?: unknown }): string => (issue.input === undefined ? REQUIRED : notAChoice(issue.input));
