import { queryOptions, useQuery } from '@tanstack/react-query';
import { moderationCaseSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { moderationKeys } from './keys';

/** GET /social/moderation/{id}/: the signed-in author's moderated post, its appeal and the reply. */
export const moderationCaseQueryOptions = (postId: number) =>
  queryOptions({
    queryKey: moderationKeys.case(postId),
    queryFn: ({ signal }) => api.get(`/social/moderation/${postId}/`, { schema: moderationCaseSchema, signal }),
  });

/** Not fetched for an id that is not a post id (the page shows not found). */
export function useModerationCase(postId: number) {
  return useQuery({ ...moderationCaseQueryOptions(postId), enabled: postId > 0 });
}
