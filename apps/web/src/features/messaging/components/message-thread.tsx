import { useEffect } from 'react';
import type { ConversationUser } from '@alumlink/contract';
import { conversationName } from '../conversation-name';
import { setFocusedConversation } from '../focused-conversation';
import { MESSAGING_TEXTS } from '../messages';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { ThreadHeader } from './thread-header';

export interface MessageThreadProps {
  conversationId: number;
  /** Null while the conversation is not in the loaded list. */
  otherUser: ConversationUser | null;
  ownUserId: number | null;
  initialText?: string;
  onBack: () => void;
  onSent?: () => void;
}

/** The right pane: header, messages and the composer. While mounted it is the focused conversation. */
export function MessageThread({ conversationId, otherUser, ownUserId, initialText, onBack, onSent }: MessageThreadProps) {
  useEffect(() => {
    setFocusedConversation(conversationId);
    return () => setFocusedConversation(null);
  }, [conversationId]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <ThreadHeader otherUser={otherUser} onBack={onBack} />
      <MessageList conversationId={conversationId} ownUserId={ownUserId} otherName={otherUser ? conversationName(otherUser) : 'them'} />
      {otherUser && otherUser.id === null ? (
        <p className="shrink-0 border-t border-border px-4 py-3 text-sm text-fg-muted">{MESSAGING_TEXTS.recipientDeleted}</p>
      ) : (
        <MessageComposer conversationId={conversationId} initialText={initialText} onSent={onSent} />
      )}
    </div>
  );
}
