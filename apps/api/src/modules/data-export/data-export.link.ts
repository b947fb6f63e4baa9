import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DataExportRow } from '../../db/schema/index';

/**
 * The download link of a ready export is signed (docs/decisions/011-data-export-zip-and-signed-links.md):
 * an HMAC-SHA256 under the server's signing key of the export's id, owner and expiry. It works
 * from an e-mail without signing in, only for that export, only until it expires, and not once
 * the row is gone (deleted account, purge); nothing extra is stored.
 */
function signatureOf(secret: string, row: Pick<DataExportRow, 'id' | 'userId' | 'expiresAt'>): Buffer {
  return createHmac('sha256', secret)
    .update(`data-export:${row.id}:${row.userId}:${row.expiresAt?.toISOString() ?? ''}`)
    .digest();
}

export function downloadTokenOf(secret: string, row: Pick<DataExportRow, 'id' | 'userId' | 'expiresAt'>): string {
  return signatureOf(secret, row).toString('base64url');
}

/** Path of the download (relative, like media URLs); the e-mail puts the public URL before it. */
export function downloadPathOf(secret: string, row: Pick<DataExportRow, 'id' | 'userId' | 'expiresAt'>): string {
  return `/api/account/export/${row.id}/download/?token=${downloadTokenOf(secret, row)}`;
}

/** True when `token` is the signature of this export (constant-time comparison). */
export function isValidDownloadToken(secret: string, row: Pick<DataExportRow, 'id' | 'userId' | 'expiresAt'>, token: string): boolean {
  const expected = signatureOf(secret, row);
  const given = Buffer.from(token, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
