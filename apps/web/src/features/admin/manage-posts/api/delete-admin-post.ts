import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePostResponseSchema, type DeletePostRequest } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';
import { updateAdminPost } from './get-admin-posts';

/** Removes a post with a moderation reason; the server tells its author and answers who that is. */
export function deleteAdminPost(postId: number, body: DeletePostRequest) {
  return api.delete(`/social/admin/posts/${postId}/delete_post/`, { body }).then((answer) => deletePostResponseSchema.parse(answer));
}

/** On success the post leaves the list and the dashboard figures and queue counts are refreshed. */
export function useDeleteAdminPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeletePostRequest) => deleteAdminPost(postId, body),
    onSuccess: () => {
      updateAdminPost(queryClient, postId, () => null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
      // A removal closes the post's reports.
      void queryClient.invalidateQueries({ queryKey: adminKeys.queueCounts() });
    },
  });
}
