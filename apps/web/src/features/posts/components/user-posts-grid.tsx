import { Images, MessageCircle, Heart } from 'lucide-react';
import { EmptyState, PagedList, Spinner } from '@/components/ui';
import { useUserPosts } from '../api/get-user-posts';
import { useWarnOnError } from '../use-warn-on-error';

/** Someone's posts as an image grid (`userId` null: the signed-in person's own). */
export function UserPostsGrid({ userId, isOwn }: { userId: number | null; isOwn: boolean }) {
  const posts = useUserPosts(userId);
  useWarnOnError(posts.error, 'Posts failed to load');

  return (
    <PagedList
      query={posts}
      loading={
        <div className="flex justify-center py-10 text-primary">
          <Spinner label="Loading posts" />
        </div>
      }
      error="Failed to load posts. Please try again later."
      empty={
        <EmptyState
          icon={<Images aria-hidden="true" className="size-6" />}
          title="No posts yet"
          description={isOwn ? 'Posts you share will appear here.' : 'Nothing shared here so far.'}
        />
      }
      label="Posts"
      className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3"
      itemClassName="group relative aspect-square overflow-hidden rounded-xl border border-border bg-surface-muted"
      itemKey={(post) => post.id}
      renderItem={(post) => (
        <>
          {post.image ? (
            <img src={post.image} alt={post.caption} loading="lazy" width={300} height={300} className="size-full object-cover" />
          ) : (
            <p className="line-clamp-6 p-3 text-sm text-fg">{post.caption}</p>
          )}
          <div className="absolute inset-x-0 bottom-0 flex items-center gap-3 bg-gradient-to-t from-black/70 to-transparent px-2.5 pt-6 pb-2 text-xs font-medium text-white">
            <span className="inline-flex items-center gap-1">
              <Heart aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Likes</span> {post.likes_count}
            </span>
            <span className="inline-flex items-center gap-1">
              <MessageCircle aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Comments</span> {post.comments_count}
            </span>
          </div>
        </>
      )}
      infinite
    />
  );
}
