import { Heart, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { displayName, type Post } from '@alumlink/contract';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useLikeAdminPost } from '../api/like-post';
import { DeletePostReasonDialog } from './delete-post-reason-dialog';
import { PostAuthor } from './post-author';
import { PostCommentsDialog } from './post-comments-dialog';

const actionClasses =
  'inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring';

/** A post in the moderation list: author, caption, image, likes, comments and Delete. */
export function AdminPostCard({ post, onDeleted }: { post: Post; onDeleted: (notifiedName: string) => void }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const like = useLikeAdminPost(post.id);
  const name = displayName(post.user);

  return (
    <Card role="article" aria-label={`Post by ${name}`} className="overflow-hidden">
      <header className="flex items-start justify-between gap-3 px-4 pt-4 sm:px-5">
        <PostAuthor post={post} />
        <DeletePostReasonDialog postId={post.id} onDeleted={onDeleted} />
      </header>
      {post.caption ? (
        <p className="px-4 pt-3 text-[15px] leading-6 break-words whitespace-pre-wrap text-fg sm:px-5">{post.caption}</p>
      ) : null}
      {post.image ? (
        <div className="mt-3 aspect-[4/3] max-h-[400px] w-full border-y border-border bg-surface-muted">
          {/* A fixed 4:3 box: the list does not move when the image loads. */}
          <img
            src={post.image}
            alt={`Image shared by ${name}`}
            loading="lazy"
            decoding="async"
            width={800}
            height={600}
            className="size-full object-contain"
          />
        </div>
      ) : null}
      <div className={cn('flex items-center gap-1 px-2 py-1.5 sm:px-3', !post.image && 'mt-2')}>
        <button
          type="button"
          onClick={() => like.mutate()}
          disabled={like.isPending}
          aria-pressed={post.is_liked}
          className={actionClasses}
        >
          <Heart aria-hidden="true" className={cn('size-4.5', post.is_liked && 'fill-danger text-danger')} />
          <span className="sr-only">Like</span>
          <span data-testid="likes-count">{post.likes_count}</span>
        </button>
        <PostCommentsDialog
          post={post}
          open={commentsOpen}
          onOpenChange={setCommentsOpen}
          trigger={
            <button type="button" className={actionClasses}>
              <MessageCircle aria-hidden="true" className="size-4.5" />
              <span className="sr-only">Comments</span>
              <span data-testid="comments-count">{post.comments_count}</span>
            </button>
          }
        />
      </div>
    </Card>
  );
}
