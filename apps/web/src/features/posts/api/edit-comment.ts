import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { commentSchema, type Comment, type CommentPage } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { postKeys } from './keys';

/** The author edits their comment; the server tells only the people it newly mentions. */
export function editComment(postId: number, commentId: number, text: string): Promise<Comment> {
  return api.patch(`/social/posts/${postId}/comments/${commentId}/`, { text }, { schema: commentSchema });
}

/** Saves the text and shows it (marked "Edited") in the loaded thread. */
export function useEditComment(postId: number, commentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => editComment(postId, commentId, text),
    onSuccess: (saved) =>
      queryClient.setQueryData<InfiniteData<CommentPage, string | null>>(postKeys.comments(postId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                results: page.results.map((comment) =>
                  comment.id === commentId ? { ...comment, text: saved.text, edited_at: saved.edited_at } : comment,
                ),
              })),
            }
          : data,
      ),
  });
}
