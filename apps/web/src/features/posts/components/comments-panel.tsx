import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { displayName } from '@alumlink/contract';
import { Avatar, Button, Input, Spinner } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { useAddComment, useComments } from '../api/comments';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { useWarnOnError } from '../use-warn-on-error';

/** A post's comments, oldest first, with the 'Write a comment...' box under them. */
export function CommentsPanel({ postId }: { postId: number }) {
  const comments = useComments(postId, true);
  const addComment = useAddComment(postId);
  const [text, setText] = useState('');
  const list = comments.data?.pages.flatMap((page) => page.results) ?? [];

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || addComment.isPending) return;
    addComment.mutate(value, { onSuccess: () => setText('') });
  };

  useWarnOnError(comments.error, 'Comments failed to load');

  return (
    <div className="space-y-3 border-t border-border px-4 pt-3 pb-4 sm:px-5">
      {comments.isPending ? (
        <div className="flex justify-center py-2 text-primary">
          <Spinner size="sm" label="Loading comments" />
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul className="space-y-3" aria-label="Comments">
          {list.map((comment) => (
            <li key={comment.id} className="flex gap-2.5">
              {/* Same target as the name link beside it: one link per author for keyboard and screen-reader users. */}
              <Link to={profileHref(comment.user.id)} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
                <Avatar src={comment.user.image} personId={comment.user.id} name={displayName(comment.user)} alt="" size="xs" />
              </Link>
              <div className="min-w-0 rounded-2xl bg-surface-muted px-3 py-2">
                <p className="text-xs">
                  <Link to={profileHref(comment.user.id)} className="font-semibold text-fg hover:underline">
                    {displayName(comment.user)}
                  </Link>
                  <span className="ml-2 text-fg-subtle">{formatRelativeTime(comment.created_at)}</span>
                </p>
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
      <form onSubmit={handleSubmit} className="flex items-center gap-2">
        <label htmlFor={`comment-${postId}`} className="sr-only">
          Write a comment
        </label>
        <Input
          id={`comment-${postId}`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Write a comment..."
          maxLength={2000}
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
  );
}
