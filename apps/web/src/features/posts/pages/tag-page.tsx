import { Hash } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { EmptyState, ErrorState, LoadMore, PageHeader, Spinner } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useTagFeed } from '../api/get-tag-feed';
import { PostCard } from '../components/post-card';
import { useWarnOnError } from '../use-warn-on-error';

/** /user/tags/:tag: the feed filtered to the posts carrying one hashtag, newest first. */
export function TagPage() {
  const tag = (useParams().tag ?? '').toLowerCase();
  const user = useStoredUser();
  const feed = useTagFeed(tag);
  useWarnOnError(feed.error, 'Tag feed failed to load');
  const data = useDeferredValue(feed.data, null);
  const posts = data?.pages.flatMap((page) => page.results) ?? [];

  let body;
  if (feed.isPending || (feed.data && !data)) {
    body = (
      <div className="flex justify-center py-16 text-primary">
        <Spinner size="lg" label="Loading posts" />
      </div>
    );
  } else if (feed.isError && posts.length === 0) {
    body = <ErrorState message="Failed to load posts. Please try again later." onRetry={() => void feed.refetch()} />;
  } else if (posts.length === 0) {
    body = (
      <EmptyState
        icon={<Hash aria-hidden="true" className="size-6" />}
        title={`No posts with #${tag} yet`}
        description="Write #tag in a post to have it show here."
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
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <PageHeader eyebrow="Hashtag" title={`#${tag}`} />
      {body}
    </div>
  );
}
