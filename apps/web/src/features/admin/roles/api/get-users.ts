import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminUserPageSchema, type Role } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

export interface UserFilters {
  /** Name, e-mail or id; matched by the server. */
  q: string;
  /** A role code, or '' for everyone. */
  role: Role | '';
}

/** One page of people matching the filters, ordered by id, with the total `count`. */
export function getUsersPage({ filters, cursor, signal }: { filters: UserFilters; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/users/', { schema: adminUserPageSchema, query: { q: filters.q.trim(), role: filters.role, cursor }, signal });
}

export const usersQueryOptions = (filters: UserFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ pageParam, signal }) => getUsersPage({ filters, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery(usersQueryOptions(filters));
}
