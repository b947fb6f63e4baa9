import { api } from '@/lib/api-client';
import { toQuery, type OutcomesFilters } from './get-outcomes';

/**
 * GET /api/admin/outcomes.csv with the bearer token (a plain link could not send it), saved
 * through a temporary object URL.
 */
export async function downloadOutcomesCsv(filters: OutcomesFilters): Promise<void> {
  const body = await api.send('/api/admin/outcomes.csv', { query: toQuery(filters) });
  const csv = typeof body === 'string' ? body : '';
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `outcomes${filters.from ? `-${filters.from}` : ''}${filters.to ? `-to-${filters.to}` : ''}${filters.cohort_year ? `-cohort-${filters.cohort_year}` : ''}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
