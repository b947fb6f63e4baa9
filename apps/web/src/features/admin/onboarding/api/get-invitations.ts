import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { invitationPageSchema, type InvitationStatus } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';

/** One page of invitations of a status, newest first. */
export function getInvitationPage({ status, cursor, signal }: { status: InvitationStatus; cursor: string | null; signal?: AbortSignal }) {
  return api.get('/api/admin/invitations/', { schema: invitationPageSchema, query: { status, cursor }, signal });
}

export const invitationsQueryOptions = (status: InvitationStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.invitations(status),
    queryFn: ({ pageParam, signal }) => getInvitationPage({ status, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useInvitations(status: InvitationStatus) {
  return useInfiniteQuery(invitationsQueryOptions(status));
}
