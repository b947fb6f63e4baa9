import type { Post } from '@alumlink/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { ErrorState, LoadMore, pagedItems, Spinner } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { PostCard } from './post-card';

type PostPages = InfiniteData<{ results: Post[]; next: string | null }>;

/**
 * A paged list of posts (the feed, a tag's feed): a spinner, the error with a retry, the empty
 * state, then the cards with more as you scroll. The posts render in an interruptible background
 * pass (starting from null, even when the answer is already cached): TanStack Query's updates
 * otherwise render the whole list in one long task that blocks the page.
 */
export function PostList({
  query,
  errorMessage = 'Failed to load posts. Please try again later.',
  empty,
  onShown,
}: {
  query: UseInfiniteQueryResult<PostPages>;
  /** The message when the first page failed (it comes with a retry). */
  errorMessage?: string;
  empty: ReactNode;
  /** Called once the first posts (or the empty state) are on the page: what comes below may show then. */
  onShown?: () => void;
}) {
  const user = useStoredUser();
  const data = useDeferredValue(query.data, null);
  const posts = pagedItems({ data });
  const shown = Boolean(data);
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  if (query.isPending || (query.data && !data)) {
    return (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading posts" />
      </div>
    );
  }
  if (query.isError && posts.length === 0) return <ErrorState message={errorMessage} onRetry={() => void query.refetch()} />;
  if (posts.length === 0) return empty;
  return (
    <>
      <ul className="space-y-4" aria-label="Posts">
        {posts.map((post, index) => (
          <li key={post.id}>
            <PostCard post={post} currentUserId={user?.id ?? null} priority={index === 0} />
          </li>
        ))}
      </ul>
      <LoadMore infinite hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} />
    </>
  );
}
