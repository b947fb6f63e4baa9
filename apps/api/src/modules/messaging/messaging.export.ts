import { and, asc, eq, gt } from 'drizzle-orm';
import { conversationParticipants, messages } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, type ExportSection } from '../../lib/data-export/section';

/**
 * messages.json: every message of the person's conversations, both sides (the conversation is
 * theirs too), by conversation. The person's own participant row finds each conversation, so the
 * conversation's other references to them (its two people, the last sender, the other side's
 * row, the messages they sent) are all inside what is exported.
 */
export const messagesExport: ExportSection = {
  file: 'messages.json',
  tables: [
    'conversation_participants.user_id',
    'conversation_participants.other_user_id',
    'conversations.user_a_id',
    'conversations.user_b_id',
    'conversations.last_message_sender_id',
    'messages.sender_id',
  ],
  kind: 'list',
  collect: async function* (db, personId) {
    const conversationRows = keyset(
      (after) =>
        db
          .select({ id: conversationParticipants.conversationId, otherUserId: conversationParticipants.otherUserId })
          .from(conversationParticipants)
          .where(and(eq(conversationParticipants.userId, personId), gt(conversationParticipants.conversationId, after)))
          .orderBy(asc(conversationParticipants.conversationId))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const conversation of conversationRows) {
      const rows = keyset(
        (after) =>
          db
            .select({ id: messages.id, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
            .from(messages)
            .where(and(eq(messages.conversationId, conversation.id), gt(messages.id, after)))
            .orderBy(asc(messages.id))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      );
      for await (const message of rows) {
        yield {
          id: message.id,
          conversation_id: conversation.id,
          with_user_id: conversation.otherUserId,
          sent_by_me: message.senderId === personId,
          content: message.content,
          created_at: iso(message.createdAt),
        };
      }
    }
  },
};
