import type { NotificationPage, PageQuery, UnreadCount } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { decodeCursor, toPage } from '../../lib/pagination';
import { presentNotification } from './notifications.presenter';
import * as repository from './notifications.repository';

/** The caller's notifications newest first, with their unread total. */
export async function listNotifications(ctx: AppContext, viewer: AuthUser, query: PageQuery): Promise<NotificationPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  // Both prepared statements go out together on the pipelined client: one wait, not two.
  const [rows, unread] = await Promise.all([
    ctx.repositories.notifications.page({ viewer, before, take: query.limit + 1 }),
    ctx.repositories.notifications.unreadCount(viewer.id),
  ]);
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentNotification), next, unread_count: unread };
}

/** Marks some (own) or all notifications read; answers the new unread total. */
export async function markNotificationsRead(ctx: AppContext, viewer: AuthUser, body: { ids?: number[]; all?: true }): Promise<UnreadCount> {
  await repository.markRead(ctx.db, viewer.id, body.all === true ? { all: true } : { ids: body.ids ?? [] });
  return { unread_count: await repository.countUnread(ctx.db, viewer.id) };
}

/** Message notifications of a conversation the person just opened are read too. */
export async function markConversationNotificationsRead(ctx: AppContext, userId: number, conversationId: number): Promise<void> {
  await ctx.repositories.notifications.markConversationRead(userId, conversationId);
}
