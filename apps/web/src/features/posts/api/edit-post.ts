import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postSchema, type Post } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { updateCachedPost } from './post-cache';

/** The author edits their post's caption; the server tells only the people it newly mentions. */
export function editPost(postId: number, caption: string): Promise<Post> {
  return api.patch(`/social/posts/${postId}/`, { caption }, { schema: postSchema });
}

/** Saves the caption and shows it (marked "Edited") wherever the post is cached. */
export function useEditPost(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caption: string) => editPost(postId, caption),
    onSuccess: (post) =>
      updateCachedPost(queryClient, postId, (cached) => ({ ...cached, caption: post.caption, edited_at: post.edited_at })),
  });
}
