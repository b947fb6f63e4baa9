import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likePost } from '@/features/posts';
import { updateAdminPost } from './get-admin-posts';

/** Toggles the like; the count changes once the server answered. Failures are only logged. */
export function useLikeAdminPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => likePost(postId),
    onSuccess: (result) =>
      updateAdminPost(queryClient, postId, (post) => ({
        ...post,
        is_liked: result.liked,
        has_liked: result.liked,
        likes_count: result.likes_count,
      })),
    onError: (error) => console.warn('Like failed', error),
  });
}
