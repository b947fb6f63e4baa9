import { Newspaper } from 'lucide-react';
import { Button, EmptyState } from '@/components/ui';
import { useFeed } from '../api/get-feed';
import { useCreatePost } from '../components/create-post-provider';
import { PostList } from '../components/post-list';
import { StartPostCard } from '../components/start-post-card';
import { useWarnOnError } from '../use-warn-on-error';

export const FEED_MESSAGES = {
  loadFailed: 'Failed to load posts. Please try again later.',
  emptyTitle: 'No posts yet',
  emptyDescription: 'Be the first to share something with the community: a project, a milestone or a photo from an event.',
} as const;

/** The feed: newest posts first, more as you scroll. */
export function Feed() {
  const feed = useFeed();
  const { openCreatePost } = useCreatePost();
  useWarnOnError(feed.error, 'Feed failed to load');
  return (
    <section aria-labelledby="feed-heading" className="min-w-0 space-y-4">
      <h1 id="feed-heading" className="sr-only">
        Home feed
      </h1>
      <StartPostCard />
      <PostList
        query={feed}
        errorMessage={FEED_MESSAGES.loadFailed}
        empty={
          <EmptyState
            icon={<Newspaper aria-hidden="true" className="size-6" />}
            title={FEED_MESSAGES.emptyTitle}
            description={FEED_MESSAGES.emptyDescription}
            action={<Button onClick={() => openCreatePost()}>Create your first post</Button>}
          />
        }
      />
    </section>
  );
}
