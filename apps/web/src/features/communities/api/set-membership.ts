import { useMutation, useQueryClient } from '@tanstack/react-query';
import { communityMembershipSchema, type Community, type CommunityMembership } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { communityKeys } from './get-communities';

/** POST /api/communities/{slug}/join/ or /leave/ (both idempotent). */
export function setMembership(slug: string, join: boolean): Promise<CommunityMembership> {
  return api.post(`/api/communities/${encodeURIComponent(slug)}/${join ? 'join' : 'leave'}/`, undefined, {
    schema: communityMembershipSchema,
  });
}

/** Joins or leaves, then writes the new membership and member count into the cached list. */
export function useCommunityMembership(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (join: boolean) => setMembership(slug, join),
    onSuccess: (membership) => {
      queryClient.setQueryData<Community[]>(communityKeys.list(), (list) =>
        list?.map((community) => (community.slug === slug ? { ...community, ...membership } : community)),
      );
    },
  });
}
