import { Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { displayName, LIMITS, type Post } from '@alumlink/contract';
import { Avatar, Button, Dialog, Input, Spinner } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useAddPostComment, usePostComments } from '../api/comments';
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
  const me = useStoredUser();
  const comments = usePostComments(post.id, open);
  const addComment = useAddPostComment(post.id);
  const [text, setText] = useState('');
  const inputId = useId();
  const list = comments.data?.pages.flatMap((page) => page.results) ?? [];

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || addComment.isPending) return;
    addComment.mutate(value, { onSuccess: () => setText('') });
  };

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
          {comments.isPending ? (
            <div className="flex justify-center py-2 text-primary">
              <Spinner size="sm" label="Loading comments" />
            </div>
          ) : null}
          {comments.isError ? <p className="text-sm text-fg-muted">Comments could not be loaded.</p> : null}
          {comments.isSuccess && list.length === 0 ? <p className="text-sm text-fg-muted">No comments yet.</p> : null}
          {list.length > 0 ? (
            <ul className="space-y-3" aria-label="Comments">
              {list.map((comment) => (
                <li key={comment.id} className="flex gap-2.5">
                  <Avatar
                    src={comment.user.image ?? comment.user.profile.profile_image}
                    personId={comment.user.id}
                    name={displayName(comment.user)}
                    alt=""
                    size="xs"
                  />
                  <div className="min-w-0 rounded-2xl bg-surface-muted px-3 py-2">
                    <p className="text-xs font-semibold text-fg">{me && comment.user.id === me.id ? 'You' : displayName(comment.user)}</p>
                    <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-fg">{comment.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}
          {comments.hasNextPage ? (
            <Button variant="ghost" size="sm" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
              Show more comments
            </Button>
          ) : null}
          <form onSubmit={handleSubmit} className="mt-auto flex items-center gap-2">
            <label htmlFor={inputId} className="sr-only">
              Write a comment
            </label>
            <Input
              id={inputId}
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Write a comment..."
              maxLength={LIMITS.commentMax}
              className="h-10"
            />
            <Button
              type="submit"
              size="sm"
              className="h-10"
              loading={addComment.isPending}
              leftIcon={<Send aria-hidden="true" className="size-4" />}
            >
              Post
            </Button>
          </form>
        </div>
      </div>
    </Dialog>
  );
}
