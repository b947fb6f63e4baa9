import type { DataExport, DataExportStatus } from '@alumlink/contract';
import type { DataExportRow } from '../../db/schema/index';
import { downloadPathOf } from './data-export.link';

/** An export row → the contract's shape; the signed link only while it is ready and not expired. */
export function presentDataExport(secret: string, row: DataExportRow, now: Date = new Date()): DataExport {
  const downloadable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status as DataExportStatus,
    requested_at: row.requestedAt.toISOString(),
    download_url: downloadable ? downloadPathOf(secret, row) : null,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    size_bytes: row.status === 'ready' ? row.sizeBytes : null,
  };
}
