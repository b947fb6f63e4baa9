import { YOUR_DATA_LIMITS, type DataExportTicket } from '@alumlink/contract';
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { DataExportRow } from '../../db/schema/index';
import { insertTicket, takeTicket } from './data-export.repository';

/** What is stored of a ticket: its SHA-256 (hex); the ticket itself only ever is in the URL. */
const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Path of a ticket's download (relative to the API, like media URLs). */
export const ticketPathOf = (ticket: string) => `/api/account/export/tickets/${ticket}/`;

/**
 * The one place a browser download URL is minted for a ready export its signed-in owner asked for
 * (docs/decisions/011-data-export-zip-and-signed-links.md). Today: 32 random bytes, stored only as
 * their SHA-256, that work once within YOUR_DATA_LIMITS.ticketValidSeconds. When exports live on
 * S3, this answers the store's presigned URL (≤ 5 min) instead and the ticket route goes unused;
 * callers do not change.
 */
export async function mintDownloadUrl(ctx: Pick<AppContext, 'db' | 'config'>, row: DataExportRow, now: Date): Promise<DataExportTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + YOUR_DATA_LIMITS.ticketValidSeconds * 1000);
  await insertTicket(ctx.db, { tokenHash: hashOf(ticket), exportId: row.id, expiresAt });
  return { url: ticketPathOf(ticket), expires_at: expiresAt.toISOString() };
}

/** Uses a ticket up (its row is deleted) and answers its export's id; null when unknown, used or expired. */
export function redeemTicket(db: Executor, ticket: string, now: Date): Promise<number | null> {
  return takeTicket(db, hashOf(ticket), now);
}
