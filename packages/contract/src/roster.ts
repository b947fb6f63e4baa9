import { z } from 'zod';
import { paginated } from './common';

// Roster import (DESIGN 9.1): an administrator uploads a CSV of people, previews what each row
// would do, then imports it in the background.

export const ROSTER_LIMITS = {
  /** The largest file accepted (about 50,000 typical rows). */
  maxBytes: 5 * 1024 * 1024,
  /** Rows (after the header) accepted in one file. */
  maxRows: 20_000,
  /** Rows written per transaction by an import. */
  batchSize: 500,
  /** Errors listed in an import's answer (all are in rejected.csv). */
  errorsShown: 200,
} as const;

/** Columns of a roster file: the first three are required in its header row. */
export const ROSTER_COLUMNS = ['email', 'first_name', 'last_name', 'role', 'cohort'] as const;
export const ROSTER_REQUIRED_COLUMNS = ['email', 'first_name', 'last_name'] as const;

export const ROSTER_MESSAGES = {
  missingHeader: 'The first row must name the columns: email, first_name, last_name (role and cohort optional).',
  empty: 'The file has no rows after its header.',
  tooManyRows: `A roster may have at most ${ROSTER_LIMITS.maxRows.toLocaleString('en')} rows.`,
  tooLarge: `The file is larger than ${ROSTER_LIMITS.maxBytes / 1024 / 1024} MB.`,
  malformed: 'The file is not valid CSV',
  wrongType: 'Send the roster as a CSV file (multipart field "file") or a text/csv body.',
  noFile: 'Choose a CSV file.',
  importNotFound: 'Import not found.',
} as const;

export const rosterActionSchema = z.enum(['invite', 'update', 'skip']);
export type RosterAction = z.infer<typeof rosterActionSchema>;

export const rosterPreviewRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  email: z.string(),
  action: rosterActionSchema,
  /** Why the row cannot be imported (it is then skipped); empty when it can. */
  errors: z.array(z.string()),
  /** Why a valid row is skipped or what an update changes, or null. */
  note: z.string().nullable(),
});
export type RosterPreviewRow = z.infer<typeof rosterPreviewRowSchema>;

/** How many rows invite, update, are skipped without an error, and have errors. */
export const rosterCountsSchema = z.object({
  invite: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});
export type RosterCounts = z.infer<typeof rosterCountsSchema>;

/** POST /api/admin/roster/preview/: what each row would do; nothing is written. */
export const rosterPreviewSchema = z.object({
  rows: z.array(rosterPreviewRowSchema),
  counts: rosterCountsSchema,
});
export type RosterPreview = z.infer<typeof rosterPreviewSchema>;

/** POST /api/admin/roster/import/ → 202. */
export const rosterImportStartedSchema = z.object({ id: z.number().int() });

export const ROSTER_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export const rosterImportStatusSchema = z.enum(ROSTER_IMPORT_STATUSES);
export type RosterImportStatus = z.infer<typeof rosterImportStatusSchema>;

export const rosterImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });

/** GET /api/admin/roster/imports/{id}/ (and an item of the list). */
export const rosterImportSchema = z.object({
  id: z.number().int(),
  status: rosterImportStatusSchema,
  counts: rosterCountsSchema,
  /** The first ROSTER_LIMITS.errorsShown rejected rows by line (all are in rejected.csv). */
  errors: z.array(rosterImportErrorSchema),
  /** Rows handled so far, of `total`. */
  processed: z.number().int(),
  total: z.number().int(),
  file_name: z.string(),
  /** Who ran it (their name as it was then). */
  started_by: z.string(),
  /** Why a failed import stopped, or null. */
  failure: z.string().nullable(),
  /** API path of the rejected rows as CSV (admins only). */
  rejected_csv: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601 or null while running. */
  finished_at: z.string().nullable(),
});
export type RosterImport = z.infer<typeof rosterImportSchema>;

/** GET /api/admin/roster/imports/: newest first (errors left out: read one import for them). */
export const rosterImportPageSchema = paginated(rosterImportSchema);
export type RosterImportPage = z.infer<typeof rosterImportPageSchema>;
