import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { directoryFacetsSchema, type DirectoryFilters } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { directoryKeys } from './keys';
import { filtersToQuery } from '../filters';

/** Top values per facet; each facet counts with every filter but its own. */
export const directoryFacetsQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: directoryKeys.facets(filters),
    queryFn: ({ signal }) => api.get('/api/directory/facets/', { schema: directoryFacetsSchema, query: filtersToQuery(filters), signal }),
    staleTime: 60_000,
  });

export function useDirectoryFacets(filters: DirectoryFilters) {
  return useQuery({ ...directoryFacetsQueryOptions(filters), placeholderData: keepPreviousData });
}
