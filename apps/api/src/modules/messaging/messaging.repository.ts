import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { conversationParticipants, conversations, messages, users, type ConversationRow, type MessageRow } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import { deliveryOfTypeSql, type DeliverySqlRow } from '../notifications/index';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryFromSql, userSummarySqlColumns, type UserSummarySqlRow } from '../users/index';

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

/** The values of a send, as SQL typed for PostgreSQL: placeholders (prepared) or bound values. */
type SendInput = { conversationId: SQL; senderId: SQL; content: SQL; at: SQL };

/**
 * A whole send in one statement (one round trip, one implicit transaction): the sender must be
 * a participant and the other person still there (else nothing is written and no row comes
 * back), then the message, the
 * conversation's last message (and both_wrote once the sender answers the other person: they are
 * connected from this statement on), both participants' list order and the recipient's unread
 * count; it answers the counts, the recipient, the sender's summary, the recipient's delivery
 * (deliverySql: for the notification, without a round trip of its own) and whether an unread
 * notification of this conversation already tells the recipient (notifications_unread_conversation_idx).
 * Concurrent sends to one conversation queue on its rows, each adding its own unread; the last
 * message stays the newest one even when an older send's statement runs last.
 */
function sendStatementFor(input: SendInput): SQL {
  const newest = sql`(last_message_at is null or ${input.at} >= last_message_at)`;
  return sql`
  with participation as (
    select other_user_id as recipient_id from conversation_participants
    where conversation_id = ${input.conversationId} and user_id = ${input.senderId} and other_user_id is not null
  ),
  message as (
    insert into messages (conversation_id, sender_id, content, created_at)
    select ${input.conversationId}, ${input.senderId}, ${input.content}, ${input.at} from participation
    returning id
  ),
  conversation as (
    update conversations
    set updated_at = greatest(updated_at, ${input.at}),
        last_message_at = greatest(last_message_at, ${input.at}),
        last_message_content = case when ${newest} then ${input.content} else last_message_content end,
        last_message_sender_id = case when ${newest} then ${input.senderId} else last_message_sender_id end,
        both_wrote = both_wrote or coalesce(last_message_sender_id <> ${input.senderId}, false)
    where id = ${input.conversationId} and exists (select from message)
  ),
  participants as (
    update conversation_participants
    set activity_at = greatest(activity_at, ${input.at}),
        unread_count = unread_count + case when user_id = ${input.senderId} then 0 else 1 end
    where conversation_id = ${input.conversationId} and exists (select from message)
    returning user_id, unread_count
  )
  select message.id, participation.recipient_id,
    (select unread_count from participants where user_id = ${input.senderId}) as sender_unread,
    (select unread_count from participants where user_id = participation.recipient_id) as recipient_unread,
    exists (
      select from notifications n
      where n.user_id = participation.recipient_id and n.conversation_id = ${input.conversationId}
        and n.type = 'message' and n.read_at is null
    ) as recipient_notified,
    ${userSummarySqlColumns}, delivery.*
  from message cross join participation cross join users u
    left join lateral (${deliveryOfTypeSql(sql`participation.recipient_id`, 'message', input.senderId)}) delivery on true
  where u.id = ${input.senderId}`;
}

/** The prepared send (tests EXPLAIN it). */
export const sendStatement = sendStatementFor({
  conversationId: sql`${sql.placeholder('conversationId')}::integer`,
  senderId: sql`${sql.placeholder('senderId')}::integer`,
  content: sql`${sql.placeholder('content')}::text`,
  at: sql`${sql.placeholder('at')}::timestamptz`,
});

type SendStatementRow = UserSummarySqlRow &
  DeliverySqlRow & { id: number; recipient_id: number; sender_unread: number; recipient_unread: number; recipient_notified: boolean };

const prepareStatements = (db: Database) => ({ send: prepareRawStatement<SendStatementRow>(db, 'messaging_send', sendStatement) });

/** What a send stored and changed. */
export type SentMessage = {
  message: MessageRow;
  recipientId: number;
  senderUnread: number;
  recipientUnread: number;
  sender: UserSummaryRow;
  /** How the recipient receives the message's notification. */
  recipientDelivery: DeliverySqlRow;
  /** An unread notification of this conversation already tells the recipient (read when they open it). */
  recipientNotified: boolean;
};

type SendValues = { conversationId: number; senderId: number; content: string; createdAt: Date };

function sentMessageOf(values: SendValues, row: SendStatementRow | undefined): SentMessage | null {
  if (!row) return null;
  return {
    // created_at is `createdAt` (PostgreSQL keeps microseconds, a Date milliseconds: the same instant).
    message: {
      id: row.id,
      conversationId: values.conversationId,
      senderId: values.senderId,
      content: values.content,
      createdAt: values.createdAt,
    },
    recipientId: row.recipient_id,
    senderUnread: row.sender_unread,
    recipientUnread: row.recipient_unread,
    sender: userSummaryFromSql(values.senderId, row),
    recipientDelivery: row,
    recipientNotified: row.recipient_notified,
  };
}

/** sendMessage inside a transaction (the demo seed): the same statement, not prepared. */
export async function sendMessageWithin(tx: Executor, values: SendValues): Promise<SentMessage | null> {
  const { rows } = await tx.execute<SendStatementRow>(
    sendStatementFor({
      conversationId: sql`${values.conversationId}::integer`,
      senderId: sql`${values.senderId}::integer`,
      content: sql`${values.content}::text`,
      at: sql`${values.createdAt.toISOString()}::timestamptz`,
    }),
  );
  return sentMessageOf(values, rows[0]);
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
