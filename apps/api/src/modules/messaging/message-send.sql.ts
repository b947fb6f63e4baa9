import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { type MessageRow } from '../../db/schema/index';
import { deliveryOfTypeSql, type DeliverySqlRow } from '../notifications/index';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryFromSql, userSummarySqlColumns, type UserSummarySqlRow } from '../users/index';

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

export type SendStatementRow = UserSummarySqlRow &
  DeliverySqlRow & { id: number; recipient_id: number; sender_unread: number; recipient_unread: number; recipient_notified: boolean };

export const prepareStatements = (db: Database) => ({ send: prepareRawStatement<SendStatementRow>(db, 'messaging_send', sendStatement) });

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

export type SendValues = { conversationId: number; senderId: number; content: string; createdAt: Date };

export function sentMessageOf(values: SendValues, row: SendStatementRow | undefined): SentMessage | null {
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
