import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { commentPageSchema, commentSchema, type CommentPage } from '@alumlink/contract';
import { api } from '@/lib/api-client';
import { postKeys } from './keys';
import { updateCachedPost } from './post-cache';

/** One page of a post's comments, oldest first. */
export function getCommentsPage({ postId, cursor, signal }: { postId: number; cursor: string | null; signal?: AbortSignal }) {
  return api.get(`/social/posts/${postId}/comments/`, { schema: commentPageSchema, query: { cursor }, signal });
}

export const commentsQueryOptions = (postId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) => getCommentsPage({ postId, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next,
  });

export function useComments(postId: number, enabled: boolean) {
  return useInfiniteQuery({ ...commentsQueryOptions(postId), enabled });
}

export function addComment(postId: number, text: string) {
  return api.post(`/social/posts/${postId}/comment/`, { text }, { schema: commentSchema });
}

/** Adds a comment: it is appended to the loaded thread and the post's count goes up. Failures are only logged. */
export function useAddComment(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment(postId, text),
    onSuccess: (comment) => {
      queryClient.setQueryData<InfiniteData<CommentPage, string | null>>(postKeys.comments(postId), (data) => {
        if (!data || data.pages.length === 0) return data;
        const pages = [...data.pages];
        const lastIndex = pages.length - 1;
        const last = pages[lastIndex];
        // Only append when the end of the thread is loaded; otherwise it shows up when paging on.
        if (last && last.next === null) pages[lastIndex] = { ...last, results: [...last.results, comment] };
        return { ...data, pages };
      });
      updateCachedPost(queryClient, postId, (post) => ({ ...post, comments_count: post.comments_count + 1 }));
    },
    onError: (error) => console.warn('Comment failed', error),
  });
}
