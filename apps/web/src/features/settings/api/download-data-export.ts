import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExportTicketSchema, type DataExportTicket } from '@alumlink/contract';
import { api, apiUrl } from '@/lib/api-client';
import { dataExportKeys } from './get-data-export';

/** POST /api/account/export/{id}/ticket/: a one-time URL (≤ 60 s) for the signed-in owner's browser; 404 once expired. */
export function createDataExportTicket(exportId: number): Promise<DataExportTicket> {
  return api.post(`/api/account/export/${exportId}/ticket/`, {}, { schema: dataExportTicketSchema });
}

/**
 * Downloads a ready export: the session mints a ticket, then the browser follows its URL itself, so
 * the zip streams to disk instead of through memory. The URL is the API's own (relative) or, once
 * exports live on S3, a presigned one (absolute).
 */
export async function downloadDataExport(exportId: number): Promise<void> {
  const { url } = await createDataExportTicket(exportId);
  const link = document.createElement('a');
  link.href = url.startsWith('/') ? apiUrl(url) : url;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function useDownloadDataExport() {
  const queryClient = useQueryClient();
  // A refusal means the export expired or went meanwhile: show its state as it is now.
  return useMutation({
    mutationFn: downloadDataExport,
    onError: () => queryClient.invalidateQueries({ queryKey: dataExportKeys.latest() }),
  });
}
