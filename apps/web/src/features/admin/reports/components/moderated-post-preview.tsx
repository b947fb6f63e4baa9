import { displayName, roleLabel, type ModeratedPost } from '@alumlink/contract';
import { Avatar, Badge } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format-relative-time';
import { WithheldImage } from './withheld-image';

/** A post as the moderation queues show it: author, caption, a small image (a withheld one fetched for the moderator), counters. */
export function ModeratedPostPreview({ post }: { post: ModeratedPost }) {
  const name = displayName(post.user);
  return (
    <div className="flex gap-3">
      {post.image ? (
        <img
          src={post.image}
          alt={`Image shared by ${name}`}
          loading="lazy"
          decoding="async"
          width={96}
          height={72}
          className="h-18 w-24 shrink-0 rounded-lg border border-border bg-surface-muted object-cover"
        />
      ) : post.image_withheld ? (
        <WithheldImage postId={post.id} alt={`Image shared by ${name}`} />
      ) : null}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Avatar src={post.user.image} personId={post.user.id} name={name} alt="" size="sm" />
          <span className="truncate text-sm font-semibold text-fg">{name}</span>
          <Badge tone="brand">{roleLabel(post.user.role)}</Badge>
          <time dateTime={post.created_at} className="text-xs text-fg-subtle">
            {formatRelativeTime(post.created_at)}
          </time>
        </div>
        <p className="line-clamp-3 text-sm break-words whitespace-pre-wrap text-fg">{post.caption}</p>
        <p className="text-xs text-fg-subtle">
          {post.likes_count} {post.likes_count === 1 ? 'like' : 'likes'} · {post.comments_count}{' '}
          {post.comments_count === 1 ? 'comment' : 'comments'}
        </p>
      </div>
    </div>
  );
}
