import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchUsersResultSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  users: (q: string) => [...searchKeys.all, 'users', q] as const,
};

/** People whose name, e-mail or id matches `q`. */
export function searchUsers(q: string, signal?: AbortSignal) {
  return api.get('/api/search-users/', { schema: searchUsersResultSchema, query: { q }, signal });
}

export const searchUsersQueryOptions = (q: string) =>
  queryOptions({ queryKey: searchKeys.users(q), queryFn: ({ signal }) => searchUsers(q, signal), staleTime: 60_000 });

/** Empty (or blank) text asks nothing. */
export function useSearchUsers(q: string) {
  const text = q.trim();
  return useQuery({ ...searchUsersQueryOptions(text), enabled: text !== '', placeholderData: keepPreviousData });
}
