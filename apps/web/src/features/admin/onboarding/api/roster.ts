import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rosterImportPageSchema, rosterImportSchema, rosterImportStartedSchema, rosterPreviewSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

const formOf = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

/** POST /api/admin/roster/preview/: what each row would do; nothing is written. */
export function useRosterPreview() {
  return useMutation({
    mutationFn: (file: File) => api.post('/api/admin/roster/preview/', formOf(file), { schema: rosterPreviewSchema }),
  });
}

/** POST /api/admin/roster/import/: starts the import in the background, answers its id. */
export function useStartRosterImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => api.post('/api/admin/roster/import/', formOf(file), { schema: rosterImportStartedSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.rosterImports() }),
  });
}

/** One import, read again every second while it runs. */
export function useRosterImport(id: number | null) {
  return useQuery({
    queryKey: adminKeys.rosterImport(id ?? 0),
    queryFn: ({ signal }) => api.get(`/api/admin/roster/imports/${id}/`, { schema: rosterImportSchema, signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? 1000 : false),
  });
}

/** The latest imports, newest first. */
export function useRosterImports() {
  return useQuery({
    queryKey: adminKeys.rosterImports(),
    queryFn: ({ signal }) => api.get('/api/admin/roster/imports/', { schema: rosterImportPageSchema, query: { limit: 10 }, signal }),
  });
}

/** The rejected rows as CSV, with the bearer token (a plain link could not send it), saved through an object URL. */
export async function downloadRejectedCsv(id: number): Promise<void> {
  const body = await api.send(`/api/admin/roster/imports/${id}/rejected.csv`);
  const url = URL.createObjectURL(new Blob([typeof body === 'string' ? body : ''], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `roster-import-${id}-rejected.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
