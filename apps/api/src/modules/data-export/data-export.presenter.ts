import type { DataExport, DataExportStatus } from '@alumlink/contract';
import type { DataExportRow } from '../../db/schema/index';

/** Path of an export's download: it answers only its owner's bearer token (DESIGN 8.4). */
export const downloadPathOf = (row: Pick<DataExportRow, 'id'>) => `/api/account/export/${row.id}/download/`;

/** An export row → the contract's shape; the download route only while it is ready and not expired. */
export function presentDataExport(row: DataExportRow, now: Date = new Date()): DataExport {
  const downloadable = row.status === 'ready' && row.expiresAt !== null && row.expiresAt > now;
  return {
    id: row.id,
    status: row.status as DataExportStatus,
    requested_at: row.requestedAt.toISOString(),
    download_url: downloadable ? downloadPathOf(row) : null,
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    size_bytes: row.status === 'ready' ? row.sizeBytes : null,
  };
}
