import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { displayName, LIMITS, type Comment } from '@alumlink/contract';
import { Avatar, Button, Input, Spinner } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { useStoredUser } from '@/lib/use-session';
import { useAddComment, useComments } from '../api/comments';
import { useWarnOnError } from '../use-warn-on-error';
import { LinkedText } from './linked-text';
import { EditCommentForm } from './edit-comment-form';
import { useMentionTypeahead } from './use-mention-typeahead';

function CommentItem({ comment, isOwn }: { comment: Comment; isOwn: boolean }) {
  const name = displayName(comment.user);
  const [editing, setEditing] = useState(false);
  return (
    <li className="flex gap-2.5">
      {/* Same target as the name link beside it: one link per author for keyboard and screen-reader users. */}
      <Link to={profileHref(comment.user.id)} tabIndex={-1} aria-hidden="true" className="shrink-0 rounded-full">
        <Avatar src={comment.user.image ?? comment.user.profile.profile_image} personId={comment.user.id} name={name} alt="" size="xs" />
      </Link>
      <div className={cn('min-w-0 rounded-2xl bg-surface-muted px-3 py-2', editing && 'flex-1')}>
        <p className="text-xs">
          <Link to={profileHref(comment.user.id)} className="font-semibold text-fg hover:underline">
            {isOwn ? 'You' : name}
          </Link>
          <span className="ml-2 text-fg-subtle">{formatRelativeTime(comment.created_at)}</span>
          {comment.edited_at ? <span className="ml-2 text-fg-subtle">Edited</span> : null}
          {isOwn && !editing ? (
            <button
              type="button"
              onClick={() => setEditing(true)}
              aria-label="Edit your comment"
              className="ml-2 font-medium text-fg-muted hover:text-fg hover:underline"
            >
              Edit
            </button>
          ) : null}
        </p>
        {editing ? (
          <EditCommentForm postId={comment.post_id} commentId={comment.id} text={comment.text} onDone={() => setEditing(false)} />
        ) : (
          <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-fg">
            <LinkedText text={comment.text} />
          </p>
        )}
      </div>
    </li>
  );
}

export interface CommentThreadProps {
  postId: number;
  /** Fetch only while shown (a closed dialog asks for nothing). */
  enabled?: boolean;
  /** Says so when the thread is empty or failed (the feed's panel stays quiet, the box says enough). */
  showStates?: boolean;
  /** After a comment is added, for lists outside the posts feature that show the post's count. */
  onAdded?: () => void;
  formClassName?: string;
}

/** A post's comments, oldest first, with "Show more comments" and the 'Write a comment...' box under them. */
export function CommentThread({ postId, enabled = true, showStates = false, onAdded, formClassName }: CommentThreadProps) {
  const me = useStoredUser();
  const comments = useComments(postId, enabled);
  const addComment = useAddComment(postId);
  const [text, setText] = useState('');
  const inputId = useId();
  const mentions = useMentionTypeahead<HTMLInputElement>({ value: text, onChange: setText, placement: 'above' });
  const list = comments.data?.pages.flatMap((page) => page.results) ?? [];
  useWarnOnError(comments.error, 'Comments failed to load');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!value || addComment.isPending) return;
    addComment.mutate(value, {
      onSuccess: () => {
        setText('');
        onAdded?.();
      },
    });
  };

  return (
    <>
      {comments.isPending && enabled ? (
        <div className="flex justify-center py-2 text-primary">
          <Spinner size="sm" label="Loading comments" />
        </div>
      ) : null}
      {showStates && comments.isError ? <p className="text-sm text-fg-muted">Comments could not be loaded.</p> : null}
      {showStates && comments.isSuccess && list.length === 0 ? <p className="text-sm text-fg-muted">No comments yet.</p> : null}
      {list.length > 0 ? (
        <ul className="space-y-3" aria-label="Comments">
          {list.map((comment) => (
            <CommentItem key={comment.id} comment={comment} isOwn={me !== null && comment.user.id === me.id} />
          ))}
        </ul>
      ) : null}
      {comments.hasNextPage ? (
        <Button variant="ghost" size="sm" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage}>
          Show more comments
        </Button>
      ) : null}
      <form onSubmit={handleSubmit} className={cn('flex items-center gap-2', formClassName)}>
        <label htmlFor={inputId} className="sr-only">
          Write a comment
        </label>
        <div className="relative min-w-0 flex-1">
          <Input
            id={inputId}
            value={text}
            {...mentions.controlProps}
            placeholder="Write a comment..."
            maxLength={LIMITS.commentMax}
            className="h-10"
          />
          {mentions.listbox}
        </div>
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
    </>
  );
}
