import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { removeCachedPost } from './post-cache';

/** The author deletes their own post. */
export async function deletePost(postId: number): Promise<void> {
  await api.delete(`/social/posts/${postId}/`);
}

export function useDeletePost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(postId),
    onSuccess: () => removeCachedPost(queryClient, postId),
  });
}
