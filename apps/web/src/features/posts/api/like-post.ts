import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likeResultSchema } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { updateCachedPost } from './post-cache';

/** Toggles the like; the answer is the truth for liked and the count. */
export function likePost(postId: number) {
  return api.post(`/social/posts/${postId}/like/`, undefined, { schema: likeResultSchema });
}

/** The count and state change only once the server has answered; failures are only logged. */
export function useLikePost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => likePost(postId),
    onSuccess: (result) => {
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        is_liked: result.liked,
        has_liked: result.liked,
        likes_count: result.likes_count,
      }));
    },
    onError: (error) => console.warn('Like failed', error),
  });
}
