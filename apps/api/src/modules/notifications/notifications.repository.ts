import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { notificationDigestItems, notifications, users, type NotificationRow } from '../../db/schema/index';
import { prepareEnqueueEmail } from '../../lib/mailer/outbox';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { userSummaryColumnsFor, type UserSummaryRow } from '../users/users.presenter';

export type NotificationListRow = NotificationRow & { actor: UserSummaryRow | null };

export type NewNotification = Pick<NotificationRow, 'userId' | 'type' | 'text'> &
  Partial<Pick<NotificationRow, 'actorId' | 'postId' | 'conversationId' | 'reason'>>;

/** One insert for every kind of notification, prepared once (absent references are null). */
const prepareStatements = (db: Database) => ({
  insert: db
    .insert(notifications)
    .values({
      userId: sql.placeholder('userId'),
      type: sql.placeholder('type'),
      actorId: sql.placeholder('actorId'),
      postId: sql.placeholder('postId'),
      conversationId: sql.placeholder('conversationId'),
      text: sql.placeholder('text'),
      reason: sql.placeholder('reason'),
    })
    .returning()
    .prepare('notifications_insert'),
  insertDigestItem: db
    .insert(notificationDigestItems)
    .values({
      userId: sql.placeholder('userId'),
      category: sql.placeholder('category'),
      frequency: sql.placeholder('frequency'),
      text: sql.placeholder('text'),
      link: sql.placeholder('link'),
    })
    .prepare('notifications_insert_digest_item'),
  enqueueEmail: prepareEnqueueEmail(db, 'notifications_enqueue_email'),
});

/** A notification waiting for the recipient's daily or weekly digest. */
export type NewDigestItem = Pick<typeof notificationDigestItems.$inferInsert, 'userId' | 'category' | 'frequency' | 'text' | 'link'>;

/** Several notifications in one insert, with their times, inside a transaction (the demo seed). */
export async function insertNotificationsWithin(
  tx: Executor,
  values: (NewNotification & Partial<Pick<NotificationRow, 'createdAt' | 'readAt'>>)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(notifications).values(values);
}

/**
 * One person's (the viewer's) notifications newest first, with their actors (e-mails as the
 * viewer may read them): served by notifications_user_created_idx.
 */
export function findNotifications(
  db: Executor,
  search: { viewer: Viewer; before?: CursorPosition; take: number },
): Promise<NotificationListRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, search.viewer.id)];
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${notifications.createdAt}, ${notifications.id}) < (${at.toISOString()}::timestamptz, ${id})`);
  }
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      actorId: notifications.actorId,
      postId: notifications.postId,
      conversationId: notifications.conversationId,
      text: notifications.text,
      reason: notifications.reason,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actor: userSummaryColumnsFor(search.viewer),
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(search.take);
}

/** Served by the partial index notifications_unread_post_idx (its leading column). */
export async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

/** Marks the person's own notifications read: the given ids (others' ids are ignored), or all. */
export async function markRead(db: Executor, userId: number, target: { ids: number[] } | { all: true }): Promise<void> {
  const conditions: SQL[] = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if ('ids' in target) conditions.push(inArray(notifications.id, target.ids));
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(...conditions));
}

const prepareMarkReadStatements = (db: Database) => ({
  conversation: db
    .update(notifications)
    .set({ readAt: sql`${sql.placeholder('at')}::timestamptz` })
    .where(
      and(
        sql`${notifications.userId} = ${sql.placeholder('userId')}::integer`,
        sql`${notifications.conversationId} = ${sql.placeholder('conversationId')}::integer`,
        eq(notifications.type, 'message'),
        isNull(notifications.readAt),
      ),
    )
    .prepare('notifications_mark_conversation_read'),
});

/**
 * The notification unless its recipient already has an unread one of the same type from the same
 * actor about the same post (like, unlike, like again: one is enough), in one statement. Two
 * simultaneous ones may both be stored; that is harmless.
 */
const insertUnlessUnreadStatement = sql`
  insert into notifications (user_id, type, actor_id, post_id, text)
  select ${sql.placeholder('userId')}::integer, ${sql.placeholder('type')}::text, ${sql.placeholder('actorId')}::integer,
    ${sql.placeholder('postId')}::integer, ${sql.placeholder('text')}::text
  where not exists (
    select from notifications
    where user_id = ${sql.placeholder('userId')}::integer and actor_id = ${sql.placeholder('actorId')}::integer
      and post_id = ${sql.placeholder('postId')}::integer and type = ${sql.placeholder('type')}::text and read_at is null
  )
  returning id, created_at`;

/** The SQL of insertUnlessUnread (tests EXPLAIN it). */
export const insertUnlessUnreadSql = insertUnlessUnreadStatement;

const preparePostStatements = (db: Database) => ({
  insertUnlessUnread: prepareRawStatement<{ id: number; created_at: string | Date }>(
    db,
    'notifications_insert_unless_unread',
    insertUnlessUnreadStatement,
  ),
});

/** Deletes the notifications a person caused (their texts name them), for their account's deletion (notifications_actor_idx). */
export async function deleteNotificationsCausedBy(db: Executor, actorId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.actorId, actorId));
}

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.notifications`). */
export function createNotificationsRepository(db: Database) {
  const statements = prepareStatements(db);
  const markReadStatements = prepareMarkReadStatements(db);
  const postStatements = preparePostStatements(db);
  return {
    async insertNotification(values: NewNotification): Promise<NotificationRow> {
      const [row] = await statements.insert.execute({
        userId: values.userId,
        type: values.type,
        actorId: values.actorId ?? null,
        postId: values.postId ?? null,
        conversationId: values.conversationId ?? null,
        text: values.text,
        reason: values.reason ?? null,
      });
      if (!row) throw new Error('insertNotification: no row returned');
      return row;
    },
    /** Keeps a notification for the recipient's next digest (prepared statement). */
    async insertDigestItem(item: NewDigestItem): Promise<void> {
      await statements.insertDigestItem.execute(item);
    },
    /** Queues a notification's instant e-mail in the outbox (prepared statement). */
    enqueueEmail: statements.enqueueEmail,
    /** Unread message notifications of one conversation become read (the person opened it; prepared statement). */
    async markConversationRead(userId: number, conversationId: number): Promise<void> {
      await markReadStatements.conversation.execute({ userId, conversationId, at: new Date().toISOString() });
    },
    /** Stores a post notification unless an unread one of the same kind exists (see insertUnlessUnreadStatement); null then. */
    async insertUnlessUnread(values: {
      userId: number;
      type: string;
      actorId: number;
      postId: number;
      text: string;
    }): Promise<NotificationRow | null> {
      const { rows } = await postStatements.insertUnlessUnread.execute(values);
      const row = rows[0];
      if (!row) return null;
      return { ...values, id: row.id, conversationId: null, reason: null, readAt: null, createdAt: new Date(row.created_at) };
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
