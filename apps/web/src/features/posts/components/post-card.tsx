import { Flag, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { displayName, roleLabel, type Post } from '@alumlink/contract';
import { Avatar, Badge, Button, Card } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { useLazyDialog } from '@/lib/use-lazy-dialog';
import { CommentsPanel } from './comments-panel';
import { LikeButton } from './like-button';
import { LinkedText } from './linked-text';

/** The confirmation's code (Radix dialog, toasts) loads when an author first asks to delete. */
const DeletePostDialog = lazy(() => import('./delete-post-dialog').then((m) => ({ default: m.DeletePostDialog })));
/** Same for the inline editor, when an author first asks to edit. */
const EditPostForm = lazy(() => import('./edit-post-form').then((m) => ({ default: m.EditPostForm })));
/** Same for the report form, when a member first asks to report. */
const ReportPostDialog = lazy(() => import('./report-post-dialog').then((m) => ({ default: m.ReportPostDialog })));

/** Intrinsic size hint of the image; its box has a fixed 4:3 ratio, so nothing moves when it loads. */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 600;

/**
 * One post of the feed: author, caption (plain text), image, likes, comments and, for its author,
 * Delete; for everyone else, Report.
 * `priority`: the image is likely the largest thing on screen at load (the first post): fetched at
 * once and first instead of lazily.
 */
export function PostCard({ post, currentUserId, priority = false }: { post: Post; currentUserId: number | null; priority?: boolean }) {
  const [commentsOpen, setCommentsOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const deleteDialog = useLazyDialog();
  const reportDialog = useLazyDialog();
  const name = displayName(post.user);
  const isOwn = currentUserId !== null && post.user.id === currentUserId;

  return (
    <Card className="overflow-hidden" aria-label={`Post by ${name}`} role="article">
      <header className="flex items-start gap-3 px-4 pt-4 sm:px-5">
        {/* Same target as the name link beside it: one link per author for keyboard and screen-reader users. */}
        <Link to={profileHref(post.user.id)} tabIndex={-1} aria-hidden="true" className="rounded-full">
          <Avatar src={post.user.image} personId={post.user.id} name={name} alt="" size="md" />
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={profileHref(post.user.id)} className="block truncate font-semibold text-fg hover:underline">
            {name}
          </Link>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
            <Badge tone="brand">{roleLabel(post.user.role)}</Badge>
            <time dateTime={post.created_at}>{formatRelativeTime(post.created_at)}</time>
            {post.edited_at ? <span title={new Date(post.edited_at).toLocaleString()}>Edited</span> : null}
          </p>
        </div>
        {isOwn ? (
          // Icons only below sm (their words stay for screen readers): the author's name keeps the row on a phone.
          <div className="flex shrink-0 justify-end">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setEditing(true)}
              disabled={editing}
              leftIcon={<Pencil aria-hidden="true" className="size-4" />}
              className="px-2.5 text-fg-muted sm:px-3"
            >
              <span className="sr-only sm:not-sr-only">Edit</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={deleteDialog.show}
              leftIcon={<Trash2 aria-hidden="true" className="size-4" />}
              className="px-2.5 text-fg-muted sm:px-3"
            >
              <span className="sr-only sm:not-sr-only">Delete</span>
            </Button>
          </div>
        ) : currentUserId !== null ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={reportDialog.show}
            leftIcon={<Flag aria-hidden="true" className="size-4" />}
            className="shrink-0 px-2.5 text-fg-muted sm:px-3"
            aria-label={`Report post by ${name}`}
          >
            <span className="sr-only sm:not-sr-only">Report</span>
          </Button>
        ) : null}
      </header>
      {editing ? (
        <Suspense fallback={null}>
          <EditPostForm postId={post.id} caption={post.caption} onDone={() => setEditing(false)} />
        </Suspense>
      ) : post.caption ? (
        <p className="px-4 pt-3 text-[15px] leading-6 break-words whitespace-pre-wrap text-fg sm:px-5">
          <LinkedText text={post.caption} />
        </p>
      ) : null}
      {post.image ? (
        <div data-post-image className="mt-3 aspect-[4/3] max-h-[400px] w-full border-y border-border bg-surface-muted">
          <img
            src={post.image}
            alt={`Image shared by ${name}`}
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="size-full object-contain"
          />
        </div>
      ) : null}
      <div className={cn('flex items-center gap-1 px-2 py-1.5 sm:px-3', !post.image && 'mt-2')}>
        <LikeButton post={post} />
        <button
          type="button"
          onClick={() => setCommentsOpen((open) => !open)}
          aria-expanded={commentsOpen}
          className="inline-flex h-9 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MessageCircle aria-hidden="true" className="size-4.5" />
          <span className="sr-only">Comments</span>
          <span data-testid="comments-count">{post.comments_count}</span>
        </button>
      </div>
      {commentsOpen ? <CommentsPanel postId={post.id} /> : null}
      {isOwn && deleteDialog.mounted ? (
        <Suspense fallback={null}>
          <DeletePostDialog postId={post.id} open={deleteDialog.open} onOpenChange={deleteDialog.setOpen} />
        </Suspense>
      ) : null}
      {!isOwn && reportDialog.mounted ? (
        <Suspense fallback={null}>
          <ReportPostDialog postId={post.id} open={reportDialog.open} onOpenChange={reportDialog.setOpen} />
        </Suspense>
      ) : null}
    </Card>
  );
}
