import { Newspaper } from 'lucide-react';
import { useDeferredValue } from 'react';
import { Button, EmptyState, ErrorState, LoadMore, pagedItems, Spinner } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useFeed } from '../api/get-feed';
import { useCreatePost } from '../components/create-post-provider';
import { PostCard } from '../components/post-card';
import { StartPostCard } from '../components/start-post-card';
import { useWarnOnError } from '../use-warn-on-error';

export const FEED_MESSAGES = {
  loadFailed: 'Failed to load posts. Please try again later.',
  emptyTitle: 'No posts yet',
  emptyDescription: 'Be the first to share something with the community: a project, a milestone or a photo from an event.',
} as const;

/** The feed: newest posts first, more as you scroll. */
export function Feed() {
  const user = useStoredUser();
  const feed = useFeed();
  const { openCreatePost } = useCreatePost();
  useWarnOnError(feed.error, 'Feed failed to load');
  // The posts render in an interruptible background pass (starting from null, even when the
  // answer is already cached): TanStack Query's updates otherwise render the whole list in one
  // long task that blocks the page.
  const data = useDeferredValue(feed.data, null);
  const posts = pagedItems({ data });

  let body;
  if (feed.isPending || (feed.data && !data)) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading posts" />
      </div>
    );
  } else if (feed.isError && posts.length === 0) {
    body = <ErrorState message={FEED_MESSAGES.loadFailed} onRetry={() => void feed.refetch()} />;
  } else if (posts.length === 0) {
    body = (
      <EmptyState
        icon={<Newspaper aria-hidden="true" className="size-6" />}
        title={FEED_MESSAGES.emptyTitle}
        description={FEED_MESSAGES.emptyDescription}
        action={<Button onClick={openCreatePost}>Create your first post</Button>}
      />
    );
  } else {
    body = (
      <>
        <ul className="space-y-4" aria-label="Posts">
          {posts.map((post, index) => (
            <li key={post.id}>
              <PostCard post={post} currentUserId={user?.id ?? null} priority={index === 0} />
            </li>
          ))}
        </ul>
        <LoadMore infinite hasMore={feed.hasNextPage} loading={feed.isFetchingNextPage} onLoadMore={() => void feed.fetchNextPage()} />
      </>
    );
  }

  return (
    <section aria-labelledby="feed-heading" className="min-w-0 space-y-4">
      <h1 id="feed-heading" className="sr-only">
        Home feed
      </h1>
      <StartPostCard />
      {body}
    </section>
  );
}
