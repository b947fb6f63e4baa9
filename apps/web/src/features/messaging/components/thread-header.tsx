import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { ConversationUser } from '@alumlink/contract';
import { Avatar } from '@/components/ui';
import { profileHref } from '@/config/paths';
import { conversationName } from '../conversation-name';

/**
 * Top of the thread: back to the list (phones), who the conversation is with, a link to their
 * profile (none for a person who deleted their account: 'Deleted user').
 */
export function ThreadHeader({ otherUser, onBack }: { otherUser: ConversationUser | null; onBack: () => void }) {
  const name = otherUser ? conversationName(otherUser) : 'Conversation';
  return (
    <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border px-3 sm:px-4">
      <button
        type="button"
        onClick={onBack}
        aria-label="Back to conversations"
        className="grid size-10 place-items-center rounded-xl text-fg-muted hover:bg-surface-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-ring md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </button>
      {otherUser && otherUser.id !== null ? (
        <Link
          to={profileHref(otherUser.id)}
          className="flex min-w-0 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Avatar src={otherUser.profile_image} personId={otherUser.id} name={name} alt="" size="sm" />
          <span className="min-w-0">
            <h2 className="truncate text-base font-semibold text-fg">{name}</h2>
            <span className="block truncate text-xs text-fg-muted">@{otherUser.username}</span>
          </span>
        </Link>
      ) : (
        <h2 className="truncate text-base font-semibold text-fg">{name}</h2>
      )}
    </header>
  );
}
