import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { directoryPageSchema, type DirectoryFilters } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { directoryKeys } from './keys';
import { filtersToQuery } from '../filters';

/** Listed people matching the filters, newest members first, page after page. */
export const directoryQueryOptions = (filters: DirectoryFilters) =>
  infiniteQueryOptions({
    queryKey: directoryKeys.people(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/directory/', { schema: directoryPageSchema, query: { ...filtersToQuery(filters), cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useDirectory(filters: DirectoryFilters) {
  return useInfiniteQuery({ ...directoryQueryOptions(filters), placeholderData: keepPreviousData });
}
