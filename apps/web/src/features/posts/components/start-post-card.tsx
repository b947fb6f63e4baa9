import { ImagePlus } from 'lucide-react';
import { displayName } from '@alumlink/contract';
import { Avatar, Card } from '@/components/ui';
import { useStoredUser } from '@/lib/use-session';
import { useCreatePost } from './create-post-provider';

/** The composer prompt at the top of the feed; opens the create-post dialog. */
export function StartPostCard() {
  const user = useStoredUser();
  const { openCreatePost } = useCreatePost();
  return (
    <Card className="flex items-center gap-3 p-3 sm:p-4">
      <Avatar src={user?.image} personId={user?.id} name={displayName(user)} alt="" size="md" />
      <button
        type="button"
        onClick={() => openCreatePost()}
        className="flex h-11 min-w-0 flex-1 items-center justify-between gap-2 rounded-full border border-border-strong px-4 text-left text-sm text-fg-subtle transition-colors hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="truncate">Share something with the community…</span>
        <ImagePlus aria-hidden="true" className="size-5 shrink-0 text-accent-fg" />
      </button>
    </Card>
  );
}
