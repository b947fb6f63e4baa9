import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startDataExportResponseSchema, type StartDataExportResponse } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { dataExportKeys } from './get-data-export';

/** POST /api/account/export/: 202 with the pending export; 429 when one was asked for in the last 24 hours. */
export function startDataExport(): Promise<StartDataExportResponse> {
  return api.post('/api/account/export/', {}, { schema: startDataExportResponseSchema });
}

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startDataExport,
    onSuccess: (answer) => queryClient.setQueryData(dataExportKeys.latest(), answer.export),
  });
}
