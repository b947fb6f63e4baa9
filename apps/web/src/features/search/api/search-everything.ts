import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { searchEverythingResultSchema, type SearchKind } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { searchKeys } from './search-users';

/** GET /api/search/: one kind's page (with `type`), or a few of each kind (without). */
export function searchEverything({
  q,
  type,
  cursor,
  signal,
}: {
  q: string;
  type?: SearchKind;
  cursor?: string | null;
  signal?: AbortSignal;
}) {
  return api.get('/api/search/', { schema: searchEverythingResultSchema, query: { q, type, cursor }, signal });
}

const everythingKeys = {
  mixed: (q: string) => [...searchKeys.all, 'everything', q] as const,
  kind: (q: string, type: SearchKind) => [...searchKeys.all, 'everything', q, type] as const,
};

/** A few of each kind for `q`, grouped (the top bar and the All tab); blank text asks nothing. */
export function useSearchEverything(q: string) {
  const text = q.trim();
  return useQuery({
    ...queryOptions({
      queryKey: everythingKeys.mixed(text),
      queryFn: ({ signal }) => searchEverything({ q: text, signal }),
      staleTime: 60_000,
    }),
    enabled: text !== '',
    placeholderData: keepPreviousData,
  });
}

/** One kind's matches for `q`, best first, page after page. */
export function useSearchKind(q: string, type: SearchKind) {
  const text = q.trim();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: everythingKeys.kind(text, type),
      queryFn: ({ pageParam, signal }) => searchEverything({ q: text, type, cursor: pageParam, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (lastPage) => lastPage.next,
    }),
    enabled: text !== '',
  });
}
