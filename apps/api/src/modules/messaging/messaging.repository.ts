import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { conversationParticipants, conversations, messages, users, type ConversationRow, type MessageRow } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import { prepareStatements, sentMessageOf, type SendValues, type SentMessage } from './message-send.sql';

/** The last-message columns kept on a conversation. */
export type LastMessageColumns = Pick<ConversationRow, 'lastMessageAt' | 'lastMessageContent' | 'lastMessageSenderId'>;

/** A conversation as one participant sees it (their unread count, the other person). */
export type ConversationListRow = LastMessageColumns & {
  id: number;
  updatedAt: Date;
  activityAt: Date;
  unreadCount: number;
  /** Null once the other person deleted their account. */
  other: { id: number; username: string; firstName: string; lastName: string; image: string | null } | null;
};

/**
 * One person's conversations, most recently active first, before a position, in one query
 * served by conversation_participants_list_idx (no per-row lookups: the last message and the
 * unread count live on the rows). Placeholders: userId, beforeAt, beforeId, take, and with
 * `one` conversationId (a single conversation of the list).
 */
export function conversationsQuery(db: Executor, { one }: { one: boolean }) {
  const p = conversationParticipants;
  const conditions: SQL[] = [
    sql`${p.userId} = ${sql.placeholder('userId')}::integer`,
    sql`(${p.activityAt}, ${p.conversationId}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
  ];
  if (one) conditions.push(sql`${p.conversationId} = ${sql.placeholder('conversationId')}::integer`);
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
    .leftJoin(users, eq(users.id, p.otherUserId))
    .where(and(...conditions))
    .orderBy(desc(p.activityAt), desc(p.conversationId))
    .limit(sql.placeholder('take'));
}

/** The caller's participation in a conversation (null when they are not in it). */
export type Participation = LastMessageColumns & { otherUserId: number | null; unreadCount: number };

/** The query of findParticipation (placeholders conversationId, userId; tests EXPLAIN it). */
export function participationQuery(db: Executor) {
  const p = conversationParticipants;
  return db
    .select({
      otherUserId: p.otherUserId,
      unreadCount: p.unreadCount,
      lastMessageAt: conversations.lastMessageAt,
      lastMessageContent: conversations.lastMessageContent,
      lastMessageSenderId: conversations.lastMessageSenderId,
    })
    .from(p)
    .innerJoin(conversations, eq(conversations.id, p.conversationId))
    .where(
      and(
        sql`${p.conversationId} = ${sql.placeholder('conversationId')}::integer`,
        sql`${p.userId} = ${sql.placeholder('userId')}::integer`,
      ),
    )
    .limit(1);
}

/**
 * A conversation's messages newest first, before a position (placeholders conversationId,
 * beforeAt, beforeId, take): served by messages_conversation_created_idx.
 */
export function messagesQuery(db: Executor) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        sql`${messages.conversationId} = ${sql.placeholder('conversationId')}::integer`,
        sql`(${messages.createdAt}, ${messages.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(sql.placeholder('take'));
}

const prepareReadStatements = (db: Database) => ({
  conversations: conversationsQuery(db, { one: false }).prepare('messaging_conversations_page'),
  participation: participationQuery(db).prepare('messaging_participation'),
  messages: messagesQuery(db).prepare('messaging_messages_page'),
});

/** The parameters of conversationsQuery. */
export function conversationsParams(search: { userId: number; conversationId?: number; before?: CursorPosition; take: number }) {
  return { userId: search.userId, conversationId: search.conversationId ?? 0, ...beforeParams(search.before), take: search.take };
}

/** One conversation as it appears in the person's list (after starting one: not prepared). */
export async function findListedConversation(db: Executor, userId: number, conversationId: number): Promise<ConversationListRow | null> {
  const [row] = await conversationsQuery(db, { one: true }).execute(conversationsParams({ userId, conversationId, take: 1 }));
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

/** markParticipantRead inside a transaction, read at a given time (the demo seed). */
export async function markParticipantReadWithin(tx: Executor, conversationId: number, userId: number, at: Date): Promise<void> {
  await tx
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadAt: at })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)));
}

const prepareMarkReadStatements = (db: Database) => ({
  participant: db
    .update(conversationParticipants)
    .set({ unreadCount: 0, lastReadAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      and(
        sql`${conversationParticipants.conversationId} = ${sql.placeholder('conversationId')}::integer`,
        sql`${conversationParticipants.userId} = ${sql.placeholder('userId')}::integer`,
      ),
    )
    .prepare('messaging_mark_participant_read'),
});

/** The parameters of messagesQuery. */
export function messagesParams(search: { conversationId: number; before?: CursorPosition; take: number }) {
  return { conversationId: search.conversationId, ...beforeParams(search.before), take: search.take };
}

/** True for an active account (people one can write to). */
export async function isActiveUser(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isActive === true;
}

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.messaging`). */
export function createMessagingRepository(db: Database) {
  const readStatements = prepareReadStatements(db);
  const statements = prepareStatements(db);
  const markReadStatements = prepareMarkReadStatements(db);
  return {
    /** A page of one person's conversations (prepared statement). */
    findConversations(search: { userId: number; before?: CursorPosition; take: number }): Promise<ConversationListRow[]> {
      return readStatements.conversations.execute(conversationsParams(search));
    },
    async findParticipation(conversationId: number, userId: number): Promise<Participation | null> {
      const [row] = await readStatements.participation.execute({ conversationId, userId });
      return row ?? null;
    },
    /** Sends a message (see sendStatementFor); null when the sender is not a participant of the conversation or the other person is gone. */
    async sendMessage(values: SendValues): Promise<SentMessage | null> {
      const rows = await statements.send.execute({ ...values, at: values.createdAt.toISOString() });
      return sentMessageOf(values, rows[0]);
    },
    /** The caller read the conversation: their unread count goes back to 0 (prepared statement). */
    async markParticipantRead(conversationId: number, userId: number): Promise<void> {
      await markReadStatements.participant.execute({ conversationId, userId, at: new Date().toISOString() });
    },
    /** A page of messages newest first (prepared statement). */
    findMessages(search: { conversationId: number; before?: CursorPosition; take: number }): Promise<MessageRow[]> {
      return readStatements.messages.execute(messagesParams(search));
    },
  };
}

export type MessagingRepository = ReturnType<typeof createMessagingRepository>;

/**
 * A person leaves (messaging.leave.ts): conversations whose other person is already gone have
 * nobody left to read them (conversation_participants_list_idx finds them).
 */
export async function deleteAbandonedConversationsOf(db: Executor, personId: number): Promise<void> {
  await db.execute(sql`
    delete from conversations where id in (
      select conversation_id from conversation_participants where user_id = ${personId} and other_user_id is null
    )`);
}
