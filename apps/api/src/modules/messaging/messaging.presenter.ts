import type { Conversation, LastMessage, Message } from '@alumlink/contract';
import type { MessageRow } from '../../db/schema/index';
import { mediaUrl } from '../../lib/media';
import type { ConversationListRow, LastMessageColumns } from './messaging.repository';

export function presentLastMessage(row: LastMessageColumns): LastMessage | null {
  if (row.lastMessageAt === null || row.lastMessageContent === null) return null;
  return { content: row.lastMessageContent, timestamp: row.lastMessageAt.toISOString(), sender_id: row.lastMessageSenderId };
}

export function presentConversation(row: ConversationListRow): Conversation {
  return {
    id: row.id,
    other_user: {
      id: row.other.id,
      username: row.other.username,
      first_name: row.other.firstName,
      last_name: row.other.lastName,
      profile_image: mediaUrl(row.other.image),
    },
    unread_count: row.unreadCount,
    last_message: presentLastMessage(row),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender: { id: row.senderId },
    sender_id: row.senderId,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
  };
}
