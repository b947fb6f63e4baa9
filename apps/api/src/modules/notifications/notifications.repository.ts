import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notificationDigestItems, notifications, users, type NotificationRow } from '../../db/schema/index';
import { beforeParams, type CursorPosition } from '../../lib/pagination';
import { literalLimit } from '../../db/prepared';
import { preparedPerPageSize } from '../../db/prepared-pages';
import type { Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsForViewer } from '../users/index';
import {
  emailParams,
  prepareInsertStatements,
  rowOf,
  storedValues,
  type EmailWrite,
  type NewDigestItem,
  type NewNotification,
} from './notification-store.sql';

// The store statement and its types live in notification-store.sql.ts; these names are read from here too.
export {
  emailParams,
  insertUnlessUnreadSql,
  storeNotificationWithin,
  type EmailWrite,
  type NewDigestItem,
  type NewNotification,
} from './notification-store.sql';

export type NotificationListRow = NotificationRow & { actor: UserSummaryRow | null };

/** The digest side written on its own (in-app off), prepared once. */
const prepareStatements = (db: Database) => ({
  insertDigestItem: db
    .insert(notificationDigestItems)
    .values({
      userId: sql.placeholder('userId'),
      category: sql.placeholder('category'),
      frequency: sql.placeholder('frequency'),
      text: sql.placeholder('text'),
      link: sql.placeholder('link'),
      actorId: sql.placeholder('actorId'),
    })
    .prepare('notifications_insert_digest_item'),
});

/** Several notifications in one insert, with their times, inside a transaction (the demo seed). */
export async function insertNotificationsWithin(
  tx: Executor,
  values: (NewNotification & Partial<Pick<NotificationRow, 'createdAt' | 'readAt'>>)[],
): Promise<void> {
  if (values.length > 0) await tx.insert(notifications).values(values);
}

/**
 * The viewer's notifications newest first with their actors, the viewer and the keyset position as
 * placeholders (viewerId, seesEveryone, beforeAt, beforeId) and the page size in the text, for a
 * prepared statement with a generic plan: notifications_user_created_idx.
 */
export function notificationsPageQuery(db: Executor, take: number) {
  const viewerId = sql.placeholder('viewerId');
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
      actor: userSummaryColumnsForViewer(viewerId, sql.placeholder('seesEveryone')),
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        sql`${notifications.userId} = ${viewerId}::integer`,
        sql`(${notifications.createdAt}, ${notifications.id}) < (${sql.placeholder('beforeAt')}::timestamptz, ${sql.placeholder('beforeId')}::integer)`,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(literalLimit(take));
}

/** The unread count of one person, for a prepared statement (placeholder userId). */
export function unreadCountQuery(db: Executor) {
  return db
    .select({ value: count() })
    .from(notifications)
    .where(and(sql`${notifications.userId} = ${sql.placeholder('userId')}::integer`, isNull(notifications.readAt)));
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

/** A digest item inside a caller's transaction (insertDigestItem's statement is prepared). */
export async function insertDigestItemWithin(tx: Executor, item: NewDigestItem): Promise<void> {
  await tx.insert(notificationDigestItems).values({ ...item, actorId: item.actorId ?? null });
}

/**
 * Whether the recipient already has a notification of this type from this actor about this
 * target (post, conversation; none for referrals) since `since` (notifications_user_created_idx).
 */
export async function hasNotificationSince(
  db: Executor,
  about: { userId: number; type: string; actorId: number; postId?: number | null; conversationId?: number | null },
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, about.userId),
        eq(notifications.type, about.type),
        eq(notifications.actorId, about.actorId),
        sql`${notifications.postId} is not distinct from ${about.postId ?? null}::integer`,
        sql`${notifications.conversationId} is not distinct from ${about.conversationId ?? null}::integer`,
        sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A person leaves: the notifications they caused (their texts name them) go, in-app
 * (notifications_actor_idx) and waiting for a digest (notification_digest_items_actor_idx).
 */
export async function deleteNotificationsCausedBy(db: Executor, actorId: number): Promise<void> {
  await db.delete(notifications).where(eq(notifications.actorId, actorId));
  await db.delete(notificationDigestItems).where(eq(notificationDigestItems.actorId, actorId));
}

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.notifications`). */
export function createNotificationsRepository(db: Database) {
  const statements = prepareStatements(db);
  const markReadStatements = prepareMarkReadStatements(db);
  const insertStatements = prepareInsertStatements(db);
  const pages = preparedPerPageSize('notifications_page', (take, name) => notificationsPageQuery(db, take).prepare(name));
  const unread = unreadCountQuery(db).prepare('notifications_unread_count');
  return {
    /** Stores a notification and, in the same statement, its e-mail side (`email`, see EmailWrite). */
    async insertNotification(values: NewNotification, email: EmailWrite = null): Promise<NotificationRow> {
      const stored = storedValues(values);
      const row = rowOf(stored, await insertStatements.insert.execute({ ...stored, ...emailParams(email) }));
      if (!row) throw new Error('insertNotification: no row returned');
      return row;
    },
    /** Keeps a notification for the recipient's next digest (prepared statement). */
    async insertDigestItem(item: NewDigestItem): Promise<void> {
      await statements.insertDigestItem.execute({ ...item, actorId: item.actorId ?? null });
    },
    /** Unread message notifications of one conversation become read (the person opened it; prepared statement). */
    async markConversationRead(userId: number, conversationId: number): Promise<void> {
      await markReadStatements.conversation.execute({ userId, conversationId, at: new Date().toISOString() });
    },
    /** A page of the viewer's notifications newest first, with their actors (see notificationsPageQuery). */
    page(search: { viewer: Viewer; before?: CursorPosition; take: number }): Promise<NotificationListRow[]> {
      return pages(search.take).execute({
        viewerId: search.viewer.id,
        seesEveryone: search.viewer.role === 'AD',
        ...beforeParams(search.before),
      });
    },
    /** The person's unread total (notifications_unread_post_idx). */
    async unreadCount(userId: number): Promise<number> {
      const [row] = await unread.execute({ userId });
      return row?.value ?? 0;
    },
    /**
     * Stores a post notification and its e-mail side unless an unread one of the same kind exists
     * (see insertUnlessUnreadStatement); null then, and nothing is written.
     */
    async insertUnlessUnread(
      values: { userId: number; type: string; actorId: number; postId: number; text: string },
      email: EmailWrite = null,
    ): Promise<NotificationRow | null> {
      const stored = storedValues(values);
      return rowOf(stored, await insertStatements.insertUnlessUnread.execute({ ...values, ...emailParams(email) }));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
