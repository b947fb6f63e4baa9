import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeRaw, prepareRawStatement } from '../../db/prepared';
import type { notificationDigestItems, NotificationRow } from '../../db/schema/index';
import type { MailMessage } from '../../lib/mailer/index';
import { outboxInsertSql, outboxParams } from '../../lib/mailer/outbox';

/*
 * The statement that stores a notification with its e-mail side (a digest item or an outbox row) in
 * one round trip, prepared for the app's database or run with its values inside a transaction.
 */

export type NewNotification = Pick<NotificationRow, 'userId' | 'type' | 'text'> &
  Partial<Pick<NotificationRow, 'actorId' | 'postId' | 'conversationId' | 'reason'>>;

/** A notification waiting for the recipient's daily or weekly digest. */
export type NewDigestItem = Pick<
  typeof notificationDigestItems.$inferInsert,
  'userId' | 'category' | 'frequency' | 'text' | 'link' | 'actorId'
>;

/**
 * What the e-mail side of a notification writes, as its recipient chose for the category
 * (delivery.ts, emailWriteOf): a digest item (daily, weekly), an instant e-mail through the
 * outbox, or nothing.
 */
export type EmailWrite = { kind: 'digest'; item: NewDigestItem } | { kind: 'instant'; message: MailMessage } | null;

/** A statement's parameter by name: a placeholder (prepared) or its value (in a transaction). */
type Param = (name: string) => unknown;
const placeholder: Param = (name) => sql.placeholder(name);
const valuesOf =
  (params: Record<string, unknown>): Param =>
  (name) =>
    params[name] ?? null;

/**
 * The e-mail side of a stored notification, in the statement that stores it (`stored`): a digest
 * item when digestFrequency is set, an outbox row when toAddress is set (see emailParams), and
 * neither when no notification was stored. One round trip and one commit instead of two.
 */
const emailOfStored = (p: Param) => sql`
  digest as (
    insert into notification_digest_items (user_id, category, frequency, text, link, actor_id)
    select user_id, ${p('digestCategory')}::text, ${p('digestFrequency')}::text, text, ${p('digestLink')}::text, actor_id
    from stored where ${p('digestFrequency')}::text is not null
  ),
  outbox as (${outboxInsertSql(p, sql`stored`)})`;

/** The placeholders of emailOfStored: all null for no e-mail. */
export function emailParams(email: EmailWrite) {
  const digest = email?.kind === 'digest' ? email.item : null;
  return {
    digestCategory: digest?.category ?? null,
    digestFrequency: digest?.frequency ?? null,
    digestLink: digest?.link ?? null,
    ...outboxParams(email?.kind === 'instant' ? email.message : null),
  };
}

/** One insert for every kind of notification (absent references are null), with its e-mail side. */
const insertStatement = (p: Param) => sql`
  with stored as (
    insert into notifications (user_id, type, actor_id, post_id, conversation_id, text, reason)
    values (${p('userId')}::integer, ${p('type')}::text, ${p('actorId')}::integer,
      ${p('postId')}::integer, ${p('conversationId')}::integer, ${p('text')}::text, ${p('reason')}::text)
    returning id, user_id, actor_id, text, created_at
  ),
  ${emailOfStored(p)}
  select id, created_at from stored`;

/**
 * The notification unless its recipient already has an unread one of the same type from the same
 * actor about the same post (like, unlike, like again: one is enough), with its e-mail side, in
 * one statement; nothing at all when one exists. Two simultaneous ones may both be stored; that is
 * harmless.
 */
const insertUnlessUnreadStatement = (p: Param) => sql`
  with stored as (
    insert into notifications (user_id, type, actor_id, post_id, text)
    select ${p('userId')}::integer, ${p('type')}::text, ${p('actorId')}::integer,
      ${p('postId')}::integer, ${p('text')}::text
    where not exists (
      select from notifications
      where user_id = ${p('userId')}::integer and actor_id = ${p('actorId')}::integer
        and post_id = ${p('postId')}::integer and type = ${p('type')}::text and read_at is null
    )
    returning id, user_id, actor_id, text, created_at
  ),
  ${emailOfStored(p)}
  select id, created_at from stored`;

/** The SQL of insertUnlessUnread (tests EXPLAIN it). */
export const insertUnlessUnreadSql = insertUnlessUnreadStatement(placeholder);

type StoredRow = { id: number; created_at: string | Date };

export const prepareInsertStatements = (db: Database) => ({
  insert: prepareRawStatement<StoredRow>(db, 'notifications_insert', insertStatement(placeholder)),
  insertUnlessUnread: prepareRawStatement<StoredRow>(db, 'notifications_insert_unless_unread', insertUnlessUnreadSql),
});

/** A notification as stored: every reference set (null when absent). */
export function storedValues(values: NewNotification) {
  return {
    userId: values.userId,
    type: values.type,
    actorId: values.actorId ?? null,
    postId: values.postId ?? null,
    conversationId: values.conversationId ?? null,
    text: values.text,
    reason: values.reason ?? null,
  };
}

/** The row a store statement answered, as a notification row; null when it stored nothing. */
export function rowOf(stored: ReturnType<typeof storedValues>, rows: StoredRow[]): NotificationRow | null {
  const row = rows[0];
  return row ? { ...stored, id: row.id, readAt: null, createdAt: new Date(row.created_at) } : null;
}

/**
 * insertNotification (or insertUnlessUnread, `unlessUnread`) inside a caller's transaction: the
 * same statement with its values, as prepared statements never run in one.
 */
export async function storeNotificationWithin(
  tx: Executor,
  values: NewNotification,
  email: EmailWrite,
  unlessUnread: boolean,
): Promise<NotificationRow | null> {
  const stored = storedValues(values);
  const param = valuesOf({ ...stored, ...emailParams(email) });
  return rowOf(stored, await executeRaw<StoredRow>(tx, (unlessUnread ? insertUnlessUnreadStatement : insertStatement)(param)));
}
