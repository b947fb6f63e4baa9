import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { conversationParticipants, conversations, messages, users, type ConversationRow, type MessageRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';

/** The last-message columns kept on a conversation. */
export type LastMessageColumns = Pick<ConversationRow, 'lastMessageAt' | 'lastMessageContent' | 'lastMessageSenderId'>;

/** A conversation as one participant sees it (their unread count, the other person). */
export type ConversationListRow = LastMessageColumns & {
  id: number;
  updatedAt: Date;
  activityAt: Date;
  unreadCount: number;
  other: { id: number; username: string; firstName: string; lastName: string; image: string | null };
};

/**
 * One person's conversations, most recently active first, in one query served by
 * conversation_participants_list_idx (no per-row lookups: the last message and the unread
 * count live on the rows).
 */
export function findConversations(
  db: Executor,
  search: { userId: number; conversationId?: number; before?: CursorPosition; take: number },
): Promise<ConversationListRow[]> {
  const p = conversationParticipants;
  const conditions: SQL[] = [eq(p.userId, search.userId)];
  if (search.conversationId !== undefined) conditions.push(eq(p.conversationId, search.conversationId));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${p.activityAt}, ${p.conversationId}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: conversations.id,
      updatedAt: conversations.updatedAt,
      lastMessageAt: conversations.lastMessageAt,
      lastMessageContent: conversations.lastMessageContent,
      lastMessageSenderId: conversations.lastMessageSenderId,
      activityAt: p.activityAt,
      unreadCount: p.unreadCount,
      other: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, image: users.image },
    })
    .from(p)
    .innerJoin(conversations, eq(conversations.id, p.conversationId))
    .innerJoin(users, eq(users.id, p.otherUserId))
    .where(and(...conditions))
    .orderBy(desc(p.activityAt), desc(p.conversationId))
    .limit(search.take);
}

/** The caller's participation in a conversation (null when they are not in it). */
export type Participation = LastMessageColumns & { otherUserId: number; unreadCount: number };

export async function findParticipation(db: Executor, conversationId: number, userId: number): Promise<Participation | null> {
  const p = conversationParticipants;
  const [row] = await db
    .select({
      otherUserId: p.otherUserId,
      unreadCount: p.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      lastMessageContent: conversations.lastMessageContent,
      lastMessageSenderId: conversations.lastMessageSenderId,
    })
    .from(p)
    .innerJoin(conversations, eq(conversations.id, p.conversationId))
    .where(and(eq(p.conversationId, conversationId), eq(p.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The conversation of two people, whichever started it (served by conversations_pair_idx). */
export async function findConversationIdOfPair(db: Executor, userA: number, userB: number): Promise<number | null> {
  const c = conversations;
  const [row] = await db
    .select({ id: c.id })
    .from(c)
    .where(
      sql`least(${c.userAId}, ${c.userBId}) = least(${userA}::integer, ${userB}::integer) and greatest(${c.userAId}, ${c.userBId}) = greatest(${userA}::integer, ${userB}::integer)`,
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Creates the conversation and both participant rows; null when the pair already has one (a
 * concurrent start won: the unique pair index turns the insert into a no-op).
 */
export async function insertConversation(db: Executor, starterId: number, otherId: number, at: Date): Promise<number | null> {
  const [row] = await db
    .insert(conversations)
    .values({ userAId: starterId, userBId: otherId, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!row) return null;
  await db.insert(conversationParticipants).values([
    { conversationId: row.id, userId: starterId, otherUserId: otherId, activityAt: at },
    { conversationId: row.id, userId: otherId, otherUserId: starterId, activityAt: at },
  ]);
  return row.id;
}

export async function insertMessage(
  db: Executor,
  values: { conversationId: number; senderId: number; content: string; createdAt: Date },
): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  if (!row) throw new Error('insertMessage: no row returned');
  return row;
}

/** Keeps the last message on the conversation (run in the message's transaction). */
export async function recordLastMessage(db: Executor, message: MessageRow): Promise<void> {
  await db
    .update(conversations)
    .set({
      updatedAt: sql`greatest(${conversations.updatedAt}, ${message.createdAt.toISOString()}::timestamptz)`,
      lastMessageAt: message.createdAt,
      lastMessageContent: message.content,
      lastMessageSenderId: message.senderId,
    })
    .where(eq(conversations.id, message.conversationId));
}

/** Moves a participant's row to the top of their list, optionally counting one more unread; answers the unread count. */
export async function touchParticipant(
  db: Executor,
  target: { conversationId: number; userId: number; at: Date; addUnread: boolean },
): Promise<number> {
  const p = conversationParticipants;
  const [row] = await db
    .update(p)
    .set({
      activityAt: sql`greatest(${p.activityAt}, ${target.at.toISOString()}::timestamptz)`,
      ...(target.addUnread ? { unreadCount: sql`${p.unreadCount} + 1` } : {}),
    })
    .where(and(eq(p.conversationId, target.conversationId), eq(p.userId, target.userId)))
    .returning({ unreadCount: p.unreadCount });
  return row?.unreadCount ?? 0;
}

export async function markParticipantRead(db: Executor, conversationId: number, userId: number): Promise<void> {
  const p = conversationParticipants;
  await db
    .update(p)
    .set({ unreadCount: 0, lastReadAt: new Date() })
    .where(and(eq(p.conversationId, conversationId), eq(p.userId, userId)));
}

/** Messages newest first (served by messages_conversation_created_idx). */
export function findMessages(
  db: Executor,
  search: { conversationId: number; before?: CursorPosition; take: number },
): Promise<MessageRow[]> {
  const conditions: SQL[] = [eq(messages.conversationId, search.conversationId)];
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${messages.createdAt}, ${messages.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select()
    .from(messages)
    .where(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(search.take);
}

/** True for an active account (people one can write to). */
export async function isActiveUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isActive === true;
}
