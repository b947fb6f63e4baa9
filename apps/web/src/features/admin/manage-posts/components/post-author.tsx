import { displayName, roleLabel, type Post } from '@alumlink/contract';
import { Avatar, Badge } from '@/components/ui';

/** Author picture (default avatar when missing), name and role label of a post. */
export function PostAuthor({ post }: { post: Post }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar
        src={post.user.image ?? post.user.profile.profile_image}
        personId={post.user.id}
        name={displayName(post.user)}
        alt=""
        size="md"
      />
      <div className="min-w-0">
        <p className="truncate font-semibold text-fg">{displayName(post.user)}</p>
        <Badge tone="brand">{roleLabel(post.user.role)}</Badge>
      </div>
    </div>
  );
}
