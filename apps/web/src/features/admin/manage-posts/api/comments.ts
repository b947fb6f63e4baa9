import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { commentPageSchema, commentSchema, type CommentPage } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { adminKeys } from '../../api/keys';
import { updateAdminPost } from './get-admin-posts';

export const postCommentsQueryOptions = (postId: number) =>
  infiniteQueryOptions({
    queryKey: adminKeys.postComments(postId),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/social/posts/${postId}/comments/`, { schema: commentPageSchema, query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function usePostComments(postId: number, enabled: boolean) {
  return useInfiniteQuery({ ...postCommentsQueryOptions(postId), enabled });
}

export function addComment(postId: number, text: string) {
  return api.post(`/social/posts/${postId}/comment/`, { text }, { schema: commentSchema });
}

/** Adds a comment: appended to the loaded thread, and the post's count goes up. Failures are only logged. */
export function useAddPostComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: (comment) => {
      queryClient.setQueryData<InfiniteData<CommentPage, string | null>>(adminKeys.postComments(postId), (data) => {
        if (!data) return data;
        const pages = [...data.pages];
        const last = pages[pages.length - 1];
        // Only append when the end of the thread is loaded; otherwise it shows up when paging on.
        if (last && last.next === null) pages[pages.length - 1] = { ...last, results: [...last.results, comment] };
        return { ...data, pages };
      });
      updateAdminPost(queryClient, postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
    },
    onError: (error) => console.warn('Comment failed', error),
  });
}
