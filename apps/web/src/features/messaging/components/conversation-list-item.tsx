import type { Conversation } from '@alumlink/contract';
import { Avatar } from '@/components/ui';
import { cn } from '@/lib/cn';
import { conversationName } from '../conversation-name';
import { formatConversationTime } from '../format-message-time';

export interface ConversationListItemProps {
  conversation: Conversation;
  ownUserId: number | null;
  selected: boolean;
  onSelect: (conversationId: number) => void;
}

/** One row of the conversation list: avatar, name, last message, time and unread badge. */
export function ConversationListItem({ conversation, ownUserId, selected, onSelect }: ConversationListItemProps) {
  const name = conversationName(conversation.other_user);
  const last = conversation.last_message;
  const unread = conversation.unread_count;
  const preview = last ? `${last.sender_id === ownUserId ? 'You: ' : ''}${last.content}` : 'Start the conversation';
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(conversation.id)}
        aria-current={selected ? 'true' : undefined}
        className={cn(
          'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left transition-colors',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
          selected ? 'bg-primary-soft' : 'hover:bg-surface-muted',
        )}
      >
        <Avatar src={conversation.other_user.profile_image} personId={conversation.other_user.id} name={name} alt="" size="md" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm text-fg', unread > 0 ? 'font-bold' : 'font-semibold')}>{name}</span>
            <span className="shrink-0 text-xs text-fg-muted">{formatConversationTime(last?.timestamp ?? conversation.updated_at)}</span>
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread > 0 ? 'font-medium text-fg' : 'text-fg-muted')}>{preview}</span>
            {unread > 0 ? (
              <span
                aria-label={`${unread} unread`}
                className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-primary px-1.5 text-[11px] font-bold text-primary-fg"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}
