import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { outcomesSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** The outcomes filters as the page holds them ('' = not set). */
export type OutcomesFilters = { from: string; to: string; cohort_year: string };

export const toQuery = (filters: OutcomesFilters) => ({
  from: filters.from || undefined,
  to: filters.to || undefined,
  cohort_year: filters.cohort_year || undefined,
});

/** GET /api/admin/outcomes/ for a period and cohort. */
export const outcomesQueryOptions = (filters: OutcomesFilters) =>
  queryOptions({
    queryKey: adminKeys.outcomes(filters),
    queryFn: ({ signal }) => api.get('/api/admin/outcomes/', { schema: outcomesSchema, query: toQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

export function useOutcomes(filters: OutcomesFilters) {
  return useQuery(outcomesQueryOptions(filters));
}
