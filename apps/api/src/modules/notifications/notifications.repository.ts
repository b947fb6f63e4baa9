import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { notifications, posts, users, type NotificationRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { UserSummaryRow } from '../users/users.presenter';

/** Columns presentUserSummary reads. */
export const summaryColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  handle: users.handle,
  role: users.role,
  image: users.image,
};

export type NotificationListRow = NotificationRow & { actor: UserSummaryRow | null };

export type NewNotification = Pick<NotificationRow, 'userId' | 'type' | 'text'> &
  Partial<Pick<NotificationRow, 'actorId' | 'postId' | 'conversationId' | 'reason'>>;

/** One insert for every kind of notification, prepared once (absent references are null). */
const statements = preparedFor((db) => ({
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
}));

export async function insertNotification(db: Database, values: NewNotification): Promise<NotificationRow> {
  const [row] = await statements(db).insert.execute({
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
}

/** One person's notifications newest first, with their actors: served by notifications_user_created_idx. */
export function findNotifications(
  db: Executor,
  search: { userId: number; before?: CursorPosition; take: number },
): Promise<NotificationListRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, search.userId)];
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
      actor: summaryColumns,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(search.take);
}

/** Served by the partial index notifications_user_unread_idx. */
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
  await db.update(notifications).set({ readAt: new Date() }).where(and(...conditions));
}

/** Unread message notifications of one conversation become read (the person opened it). */
export async function markConversationRead(db: Executor, userId: number, conversationId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.conversationId, conversationId),
        eq(notifications.type, 'message'),
        isNull(notifications.readAt),
      ),
    );
}

/** True when the same actor already has an unread notification of this type about this post. */
export async function hasUnreadAbout(db: Executor, key: { userId: number; actorId: number; postId: number; type: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, key.userId),
        eq(notifications.actorId, key.actorId),
        eq(notifications.postId, key.postId),
        eq(notifications.type, key.type),
        isNull(notifications.readAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findPostAuthorId(db: Executor, postId: number): Promise<number | null> {
  const [row] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId)).limit(1);
  return row?.userId ?? null;
}

export async function findUserSummary(db: Executor, userId: number): Promise<UserSummaryRow | null> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
