import { z } from 'zod';
import { LIMITS } from './common';

/** "Your data" (settings): exporting your data and deleting your account. */

/** States of an export: built in the background, then ready to download (7 days) or failed. */
export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const YOUR_DATA_LIMITS = {
  /** At most one export per person in this many hours (failed ones do not count). */
  exportEveryHours: 24,
  /** A ready export can be downloaded for this many days, then it is deleted. */
  exportKeptDays: 7,
  /** A download ticket works once, within this many seconds of being minted. */
  ticketValidSeconds: 60,
} as const;

/** The files of an export zip, besides the person's media under `media/`. */
export const DATA_EXPORT_FILES = [
  'profile.json',
  'posts.json',
  'comments.json',
  'likes.json',
  'messages.json',
  'referrals.json',
  'mentoring.json',
  'events.json',
  'settings.json',
  'referral-requests.json',
  'event-registrations.json',
  'communities.json',
  'community-moderation.json',
  'notifications.json',
  'jobs.json',
  'moderation.json',
  'mentions.json',
] as const;

export const YOUR_DATA_MESSAGES = {
  exportStarted: 'We are preparing your data. We will email you when it is ready to download here.',
  /** `{hours}` is replaced by the hours left before the next export. */
  exportTooSoon: 'You can download your data once a day. Try again in {hours}.',
  passwordRequired: 'Enter your password to delete your account.',
  passwordWrong: 'Your password is not correct.',
  accountDeleted: 'Your account has been deleted.',
  downloadNotFound: 'This download is not available: it expired, was already used, or is not yours. Start again from Settings → Your data.',
} as const;

/** An export of the signed-in person. */
export const dataExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string(),
  /**
   * The download route (GET, answers only the owner's bearer token) while the export is ready and
   * not expired, else null. A browser asks for a ticket instead (POST .../ticket/).
   */
  download_url: z.string().nullable(),
  /** When the link stops working and the file is deleted; null while pending. */
  expires_at: z.string().nullable(),
  /** Size of the zip in bytes once ready. */
  size_bytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/account/export/: the latest export, or null when there is none (not a 404: "none yet" is a normal state). */
export const latestDataExportSchema = dataExportSchema.nullable();
export type LatestDataExport = z.infer<typeof latestDataExportSchema>;

/** Answer of POST /api/account/export/ (202). */
export const startDataExportResponseSchema = z.object({ detail: z.string(), export: dataExportSchema });
export type StartDataExportResponse = z.infer<typeof startDataExportResponseSchema>;

/** Answer of POST /api/account/export/{id}/ticket/: a one-time download URL for the browser to follow. */
export const dataExportTicketSchema = z.object({
  /** Works once, until `expires_at` (≤ 60 s; relative to the API, or absolute when the file is on S3). */
  url: z.string(),
  expires_at: z.string(),
});
export type DataExportTicket = z.infer<typeof dataExportTicketSchema>;

/** Path of GET /api/account/export/tickets/{ticket}/: the ticket itself (opaque, base64url). */
export const dataExportTicketParamsSchema = z.object({ ticket: z.string().min(1).max(100) });

/** Body of DELETE /api/account/: the password confirms it is really you. */
export const deleteAccountRequestSchema = z.object({
  password: z.string({ error: YOUR_DATA_MESSAGES.passwordRequired }).min(1, YOUR_DATA_MESSAGES.passwordRequired).max(LIMITS.passwordMax),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;
