import { Heart } from 'lucide-react';
import type { Post } from '@alumlink/contract';
import { cn } from '@/lib/cn';
import { useLikePost } from '../api/like-post';

/** Like toggle; the heart and the count follow the server's answer, never a guess. */
export function LikeButton({ post }: { post: Post }) {
  const like = useLikePost(post.id);
  return (
    <button
      type="button"
      onClick={() => like.mutate()}
      disabled={like.isPending}
      aria-pressed={post.is_liked}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium transition-colors',
        'hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-70',
        post.is_liked ? 'text-danger-fg' : 'text-fg-muted',
      )}
    >
      <Heart aria-hidden="true" className={cn('size-4.5', post.is_liked && 'fill-current')} />
      <span className="sr-only">Like</span>
      <span data-testid="likes-count">{post.likes_count}</span>
    </button>
  );
}
