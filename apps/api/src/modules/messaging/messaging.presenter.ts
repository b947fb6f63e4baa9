import { DELETED_USER_NAME, type Conversation, type ConversationUser, type LastMessage, type Message } from '@alumlink/contract';
import type { MessageRow } from '../../db/schema/index';
import { mediaUrl } from '../../lib/media';
import type { ConversationListRow, LastMessageColumns } from './messaging.repository';

export function presentLastMessage(row: LastMessageColumns): LastMessage | null {
  if (row.lastMessageAt === null || row.lastMessageContent === null) return null;
  return { content: row.lastMessageContent, timestamp: row.lastMessageAt.toISOString(), sender_id: row.lastMessageSenderId };
}

/** Who stands for a person who deleted their account. */
const deletedUser: ConversationUser = { id: null, username: '', first_name: DELETED_USER_NAME, last_name: '', profile_image: null };

function presentOtherUser(other: ConversationListRow['other']): ConversationUser {
  if (!other) return deletedUser;
  return {
    id: other.id,
    username: other.username,
    first_name: other.firstName,
    last_name: other.lastName,
    profile_image: mediaUrl(other.image),
  };
}

export function presentConversation(row: ConversationListRow): Conversation {
  return {
    id: row.id,
    other_user: presentOtherUser(row.other),
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
