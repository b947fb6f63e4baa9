import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Post } from '@alumlink/contract';
import { Dialog } from '@/components/ui';
import { CommentThread } from '@/features/posts';
import { updateAdminPost } from '../api/get-admin-posts';
import { PostAuthor } from './post-author';

/** Two-pane comments modal: the post on the left, its comments and the comment box on the right. */
export function PostCommentsDialog({
  post,
  open,
  onOpenChange,
  trigger,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
}) {
  const queryClient = useQueryClient();
  // The admin list is its own cache: count the new comment there too.
  const handleAdded = () =>
    updateAdminPost(queryClient, post.id, (current) => ({ ...current, comments_count: current.comments_count + 1 }));

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Comments"
      className="max-h-[min(500px,calc(100dvh-2rem))]! sm:max-w-3xl"
    >
      <div className="grid gap-4 md:grid-cols-2">
        <article aria-label="Post" className="space-y-3 md:border-r md:border-border md:pr-4">
          <PostAuthor post={post} />
          {post.caption ? <p className="text-sm break-words whitespace-pre-wrap text-fg">{post.caption}</p> : null}
          {post.image ? (
            <img src={post.image} alt="" className="max-h-32 w-full rounded-xl bg-surface-muted object-contain md:max-h-64" />
          ) : null}
        </article>
        <div className="flex min-h-0 flex-col gap-3">
          <CommentThread postId={post.id} enabled={open} showStates onAdded={handleAdded} formClassName="mt-auto" />
        </div>
      </div>
    </Dialog>
  );
}
