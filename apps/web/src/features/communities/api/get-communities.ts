import { queryOptions, useQuery } from '@tanstack/react-query';
import { communityListSchema, type Community } from '@alumlink/contract';
import { api } from '@/lib/api-client';

export const communityKeys = {
  all: ['communities'] as const,
  list: () => [...communityKeys.all, 'list'] as const,
};

export function getCommunities(): Promise<Community[]> {
  return api.get('/api/communities/', { schema: communityListSchema });
}

export const communitiesQueryOptions = () => queryOptions({ queryKey: communityKeys.list(), queryFn: getCommunities });

export function useCommunities() {
  return useQuery(communitiesQueryOptions());
}
