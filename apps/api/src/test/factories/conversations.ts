import type { Executor } from '../../db/client';
import { conversationParticipants, conversations, type ConversationRow } from '../../db/schema/index';
import { inserted } from './support';

export type CreateConversationOptions = Partial<typeof conversations.$inferInsert> & {
  userAId: number;
  userBId: number;
};

/**
 * Inserts a conversation (no messages) started by userAId, with both participant rows as the app
 * writes them; the two people are connected only with `bothWrote: true` (as if each had written).
 */
export async function createConversation(db: Executor, options: CreateConversationOptions): Promise<ConversationRow> {
  const rows = await db.insert(conversations).values(options).returning();
  const row = inserted(rows, 'createConversation');
  await db.insert(conversationParticipants).values([
    { conversationId: row.id, userId: options.userAId, otherUserId: options.userBId, activityAt: row.updatedAt },
    { conversationId: row.id, userId: options.userBId, otherUserId: options.userAId, activityAt: row.updatedAt },
  ]);
  return row;
}
