import { YOUR_DATA_LIMITS, type DataExportTicket } from '@alumlink/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { DataExportRow } from '../../db/schema/index';
import { exportFilesFor } from '../../lib/storage/index';
import { insertTicket, takeTicket } from './data-export.repository';

/** What is stored of a ticket: its SHA-256 (hex); the ticket itself only ever is in the URL. */
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The longest a presigned export URL may be valid (DESIGN.md 9.2). */
const PRESIGNED_MAX_SECONDS = 300;

/** The zip's file name, e.g. `AlumLink-data-2026-11-29.zip` (the site name's letters, digits, dashes and underscores). */
export function exportFilename(siteName: string, requestedAt: Date): string {
  return `${siteName.replace(/[^A-Za-z0-9_-]/g, '') || 'data'}-data-${requestedAt.toISOString().slice(0, 10)}.zip`;
}

/** Path of a ticket's download (relative to the API, like media URLs). */
export const ticketPathOf = (ticket: string) => `/api/account/export/tickets/${ticket}/`;

/**
 * The one place a browser download URL is minted for a ready export its signed-in owner asked for
 * (docs/decisions/011-data-export-zip-and-signed-links.md). Today: 32 random bytes, stored only as
 * their SHA-256, that work once within YOUR_DATA_LIMITS.ticketValidSeconds. When exports live on
 * S3 (STORAGE=s3), the bucket's presigned GET of the file instead, valid as long (60 s, well under
 * the 5 minutes DESIGN.md 9.2 allows; docs/decisions/032), and the ticket route goes unused.
 */
export async function mintDownloadUrl(ctx: Pick<AppContext, 'db' | 'config'>, row: DataExportRow, now: Date): Promise<DataExportTicket> {
  const files = exportFilesFor(ctx.config);
  if (files.downloadUrl && row.fileKey) {
    const seconds = Math.min(YOUR_DATA_LIMITS.ticketValidSeconds, PRESIGNED_MAX_SECONDS);
    const url = await files.downloadUrl(row.fileKey, seconds, exportFilename(ctx.config.siteName, row.requestedAt), now);
    return { url, expires_at: new Date(now.getTime() + seconds * 1000).toISOString() };
  }
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + YOUR_DATA_LIMITS.ticketValidSeconds * 1000);
  await insertTicket(ctx.db, { tokenHash: hashOf(ticket), exportId: row.id, expiresAt });
  return { url: ticketPathOf(ticket), expires_at: expiresAt.toISOString() };
}

/** Uses a ticket up (its row is deleted) and answers its export's id; null when unknown, used or expired. */
export function redeemTicket(db: Executor, ticket: string, now: Date): Promise<number | null> {
  return takeTicket(db, hashOf(ticket), now);
}
