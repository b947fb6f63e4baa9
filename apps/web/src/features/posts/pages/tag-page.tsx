import { Hash } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState, PageHeader } from '@/components/ui';
import { useTagFeed } from '../api/get-tag-feed';
import { PostList } from '../components/post-list';
import { useWarnOnError } from '../use-warn-on-error';

/** /user/tags/:tag: the feed filtered to the posts carrying one hashtag, newest first. */
export function TagPage() {
  const tag = (useParams().tag ?? '').toLowerCase();
  const feed = useTagFeed(tag);
  useWarnOnError(feed.error, 'Tag feed failed to load');

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6">
      <PageHeader eyebrow="Hashtag" title={`#${tag}`} />
      <PostList
        query={feed}
        empty={
          <EmptyState
            icon={<Hash aria-hidden="true" className="size-6" />}
            title={`No posts with #${tag} yet`}
            description="Write #tag in a post to have it show here."
          />
        }
      />
    </div>
  );
}
