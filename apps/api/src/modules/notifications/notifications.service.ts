import {
  displayName,
  notificationCategoryOf,
  roleLabel,
  type Notification,
  type NotificationPage,
  type NotificationType,
  type PageQuery,
  type Role,
  type UnreadCount,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { decodeCursor, toPage } from '../../lib/pagination';
import { withoutEmail, type UserSummaryRow } from '../users/users.presenter';
import { EMAIL_COLLAPSE_MS, emailNotification, emailWriteOf } from './delivery';
import { presentNotification } from './notifications.presenter';
import * as repository from './notifications.repository';
import type { DeliverySqlRow } from './preferences.repository';
import { deliveryOf, notificationDeliveryOf, type NotificationDelivery } from './preferences.service';

/** The caller's notifications newest first, with their unread total. */
export async function listNotifications(ctx: AppContext, viewer: AuthUser, query: PageQuery): Promise<NotificationPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findNotifications(ctx.db, { viewer, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentNotification), next, unread_count: await repository.countUnread(ctx.db, viewer.id) };
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

const nameOf = (actor: UserSummaryRow) => displayName({ first_name: actor.firstName, last_name: actor.lastName, email: actor.email });

/** The sentences of the notifications people cause, from the actor's display name. */
export const notificationText = {
  postLiked: (actorName: string) => `${actorName} liked your post.`,
  postCommented: (actorName: string) => `${actorName} commented on your post.`,
  message: (actorName: string) => `${actorName} sent you a message.`,
};

/**
 * How a notification of `type` by `actor` reaches its recipient, and the actor as the recipient
 * may see them: without the e-mail ('') unless they may read it. The stored text and the live
 * payload use it. Null when the recipient is gone. One statement (notificationDeliveryOf).
 */
async function deliveryWithActor(
  ctx: AppContext,
  recipientId: number,
  type: NotificationType,
  actor: UserSummaryRow,
): Promise<{ delivery: NotificationDelivery; actor: UserSummaryRow } | null> {
  return actorAsSeenIn(await notificationDeliveryOf(ctx, recipientId, notificationCategoryOf(type), actor.id), actor);
}

/** deliveryWithActor from the delivery columns (deliverySql) the write statement that caused the notification read. */
function deliveryReadWith(
  row: DeliverySqlRow | null,
  recipientId: number,
  type: NotificationType,
  actor: UserSummaryRow,
): { delivery: NotificationDelivery; actor: UserSummaryRow } | null {
  return actorAsSeenIn(deliveryOf(row, { recipientId, category: notificationCategoryOf(type), actorId: actor.id }), actor);
}

/** The delivery with the actor as its recipient may see them (no e-mail unless they may read it); null without a delivery. */
function actorAsSeenIn(delivery: NotificationDelivery | null, actor: UserSummaryRow) {
  if (!delivery) return null;
  return { delivery, actor: delivery.actorEmailVisible ? actor : withoutEmail(actor) };
}

/** Where a notification leads on the site (the e-mails link there; the web app's notificationHref agrees). */
function linkOf(values: { type: NotificationType; conversationId?: number | null; postId?: number | null }): string {
  switch (values.type) {
    case 'message':
    case 'mentoring_accepted':
      return values.conversationId
        ? `/user/messages?conversation=${values.conversationId}`
        : values.type === 'message'
          ? '/user/messages'
          : '/user/mentoring';
    case 'role_changed':
      return '/user/profile';
    case 'post_liked':
    case 'post_commented':
    case 'mention':
      return '/user';
    case 'post_removed':
    case 'appeal_decided':
      return values.postId ? `/user/moderation/${values.postId}` : '/user';
    case 'mentoring_requested':
    case 'mentoring_declined':
    case 'mentoring_cancelled':
    case 'mentoring_completed':
      return '/user/mentoring';
    case 'referral_requested':
    case 'referral_status_changed':
      return '/user/referrals';
    case 'event_promoted':
      return '/user/events';
    case 'lifecycle':
      return '/user/profile';
  }
}

type NotificationInput = repository.NewNotification & { type: NotificationType };

/**
 * An e-mail about the same thing (type, post) from the same person reached the recipient within
 * EMAIL_COLLAPSE_MS: this one is stored in-app, not e-mailed again.
 */
async function emailedRecently(ctx: AppContext, values: NotificationInput): Promise<boolean> {
  if (values.actorId === undefined || values.actorId === null) return false;
  // Messages have their own rule: one while the conversation is unread, again once it was opened.
  if (values.type === 'message') return false;
  return repository.hasNotificationSince(
    ctx.db,
    { userId: values.userId, type: values.type, actorId: values.actorId, postId: values.postId, conversationId: values.conversationId },
    new Date(Date.now() - EMAIL_COLLAPSE_MS),
  );
}

/**
 * Every notification goes through here: as its recipient chose for its category (Settings →
 * Notifications), it is stored and pushed live to their sockets (in-app on; `store` says how, and
 * writes the e-mail side in the same statement; null when it stored nothing), and e-mailed at
 * once, kept for a digest, or not e-mailed.
 */
async function deliver(
  ctx: AppContext,
  values: NotificationInput,
  store: (email: repository.EmailWrite) => Promise<Notification | null>,
  known?: NotificationDelivery,
): Promise<Notification | null> {
  const category = notificationCategoryOf(values.type);
  const delivery = known ?? (await notificationDeliveryOf(ctx, values.userId, category));
  if (!delivery) return null; // the person is gone
  const { preference, recipient } = delivery;
  const item = { userId: values.userId, category, text: values.text, link: linkOf(values), actorId: values.actorId ?? null };
  if (!preference.in_app) {
    await emailNotification(ctx, preference.email, item, recipient);
    return null;
  }
  const collapsed = preference.email === 'instant' && (await emailedRecently(ctx, values));
  const email = collapsed ? null : emailWriteOf(ctx, preference.email, item, recipient);
  const notification = await store(email);
  if (!notification) return null; // an unread one already says it (likes): no second e-mail either
  ctx.events.emit('notification.created', { userId: values.userId, notification });
  if (email?.kind === 'instant') ctx.mailer.trigger();
  return notification;
}

/** Stores the notification (in-app) and e-mails it, as its recipient chose (`delivery` when already read). */
function createNotification(
  ctx: AppContext,
  values: NotificationInput,
  actor: UserSummaryRow | null,
  delivery?: NotificationDelivery,
): Promise<Notification | null> {
  return deliver(
    ctx,
    values,
    async (email) => presentNotification({ ...(await ctx.repositories.notifications.insertNotification(values, email)), actor }),
    delivery,
  );
}

/**
 * What a post's like or comment statement read for its notification: the post's author, the
 * actor, and the author's delivery for the notification's category (deliverySql).
 */
export type PostNotificationEvent = { postId: number; authorId: number; actor: UserSummaryRow; delivery: DeliverySqlRow | null };

/**
 * Someone liked a post: its author is notified (not for their own likes, nor twice while the
 * first is unread). Call after the like committed (posts service), which knows the author, the
 * actor and the author's delivery.
 */
export async function notifyPostLiked(ctx: AppContext, event: PostNotificationEvent): Promise<Notification | null> {
  if (event.authorId === event.actor.id) return null;
  const seen = deliveryReadWith(event.delivery, event.authorId, 'post_liked', event.actor);
  if (!seen) return null;
  const { actor } = seen;
  const values = {
    userId: event.authorId,
    type: 'post_liked' as const,
    actorId: actor.id,
    postId: event.postId,
    text: notificationText.postLiked(nameOf(actor)),
  };
  return deliver(
    ctx,
    values,
    async (email) => {
      const row = await ctx.repositories.notifications.insertUnlessUnread(values, email);
      return row ? presentNotification({ ...row, actor }) : null;
    },
    seen.delivery,
  );
}

/** Someone commented on a post: its author is notified (not for their own comments). */
export async function notifyPostCommented(ctx: AppContext, event: PostNotificationEvent): Promise<Notification | null> {
  if (event.authorId === event.actor.id) return null;
  const seen = deliveryReadWith(event.delivery, event.authorId, 'post_commented', event.actor);
  if (!seen) return null;
  const { actor } = seen;
  return createNotification(
    ctx,
    {
      userId: event.authorId,
      type: 'post_commented',
      actorId: actor.id,
      postId: event.postId,
      text: notificationText.postCommented(nameOf(actor)),
    },
    actor,
    seen.delivery,
  );
}

/**
 * A new message: the recipient is notified unless one of their sockets said it is looking at
 * that conversation (`conversation.focus`, see the realtime hub), or an earlier message of the
 * conversation already told them. The sender's summary, the recipient's delivery and what they
 * were already told come with the send (messaging reads them in the same statement).
 */
export async function notifyNewMessage(
  ctx: AppContext,
  event: {
    recipientId: number;
    sender: UserSummaryRow;
    conversationId: number;
    delivery: DeliverySqlRow | null;
    /** An unread notification of this conversation already tells the recipient. */
    alreadyNotified: boolean;
    /** The recipient's unread messages in the conversation before this one. */
    unreadBefore: number;
  },
): Promise<Notification | null> {
  // One unread notification per conversation is enough: the recipient is not told (nor e-mailed)
  // again for each message until they open it, which reads it (markConversationRead). Checked
  // before presence, which would cost a lookup.
  if (event.alreadyNotified) return null;
  if (await ctx.presence.isViewing(event.recipientId, event.conversationId)) return null;
  const seen = deliveryReadWith(event.delivery, event.recipientId, 'message', event.sender);
  if (!seen) return null;
  // In-app off, no notification is stored for the send statement to find unread: the unread
  // messages before this one say that an earlier message already e-mailed them (decision record 015).
  if (!seen.delivery.preference.in_app && event.unreadBefore > 0) return null;
  const { actor: sender } = seen;
  return createNotification(
    ctx,
    {
      userId: event.recipientId,
      type: 'message',
      actorId: sender.id,
      conversationId: event.conversationId,
      text: notificationText.message(nameOf(sender)),
    },
    sender,
    seen.delivery,
  );
}

/** A moderator removed a post: its author is told why (for the admin module). */
export function notifyPostRemoved(
  ctx: AppContext,
  event: { postId: number; authorId: number; reason: string },
): Promise<Notification | null> {
  return createNotification(
    ctx,
    {
      userId: event.authorId,
      type: 'post_removed',
      postId: event.postId,
      reason: event.reason,
      text: `Your post was removed by a moderator. Reason: ${event.reason}.`,
    },
    null,
  );
}

/** A moderator decided an appeal (for the moderation module): the author gets the decision and the written reply. */
export function notifyAppealDecided(
  ctx: AppContext,
  event: { postId: number; authorId: number; decision: 'upheld' | 'restored'; reply: string },
): Promise<Notification | null> {
  const outcome =
    event.decision === 'restored'
      ? 'Your appeal was accepted and your post is restored.'
      : 'Your appeal was reviewed and your post stays removed.';
  return createNotification(
    ctx,
    {
      userId: event.authorId,
      type: 'appeal_decided',
      postId: event.postId,
      reason: event.decision,
      text: `${outcome} Moderator's reply: ${event.reply}`,
    },
    null,
  );
}

/** An administrator changed someone's role (for the admin module). */
export function notifyRoleChanged(ctx: AppContext, event: { userId: number; role: Role }): Promise<Notification | null> {
  return createNotification(
    ctx,
    { userId: event.userId, type: 'role_changed', text: `Your role was changed to ${roleLabel(event.role)}.` },
    null,
  );
}

/** A cohort step moved someone on (onboarding module): call after the step committed. */
export function notifyLifecycle(ctx: AppContext, event: { userId: number; role: Role; cohortName: string }): Promise<Notification | null> {
  return createNotification(
    ctx,
    { userId: event.userId, type: 'lifecycle', text: `${event.cohortName}: you are now ${roleLabel(event.role)}. Congratulations!` },
    null,
  );
}

/** The mentoring steps that notify the other person of a mentorship. */
export type MentoringNotificationType = Extract<NotificationType, `mentoring_${string}`>;

const MENTORING_TEXT: Record<MentoringNotificationType, (name: string, topic: string) => string> = {
  mentoring_requested: (name, topic) => `${name} asked you for mentoring on ${topic}.`,
  mentoring_accepted: (name, topic) => `${name} accepted your mentoring request on ${topic}.`,
  mentoring_declined: (name, topic) => `${name} declined your mentoring request on ${topic}.`,
  mentoring_cancelled: (name, topic) => `${name} cancelled their mentoring request on ${topic}.`,
  mentoring_completed: (name, topic) => `${name} marked your mentorship on ${topic} complete.`,
};

/**
 * A mentoring step (mentoring module): the other person is notified as they chose for mentoring
 * (in-app and live, e-mail at once or in a digest). Call after the step committed.
 */
export async function notifyMentoring(
  ctx: AppContext,
  event: {
    type: MentoringNotificationType;
    recipientId: number;
    actor: UserSummaryRow;
    topic: string;
    conversationId?: number | null;
    reason?: string | null;
  },
): Promise<Notification | null> {
  const seen = await deliveryWithActor(ctx, event.recipientId, event.type, event.actor);
  if (!seen) return null;
  const { actor } = seen;
  return createNotification(
    ctx,
    {
      userId: event.recipientId,
      type: event.type,
      actorId: actor.id,
      conversationId: event.conversationId ?? null,
      reason: event.reason ?? null,
      text: MENTORING_TEXT[event.type](nameOf(actor), event.topic),
    },
    actor,
    seen.delivery,
  );
}

/**
 * A place opened up and the waitlisted person now holds it: they are told at once (stored and
 * pushed live). Call after the promotion committed (events registration service).
 */
export async function notifyEventPromoted(
  ctx: AppContext,
  event: { userId: number; eventId: number; title: string },
): Promise<Notification | null> {
  return createNotification(
    ctx,
    { userId: event.userId, type: 'event_promoted', text: `A place opened up: you are now registered for ${event.title}.` },
    null,
  );
}

/**
 * Someone mentioned the recipient in a post or a comment they may read (the posts module checked
 * that when it stored the mention): told as they chose for mentions. `sentence` makes the text
 * from the writer's name as the recipient may see it. Call after the text committed.
 */
export async function notifyMentioned(
  ctx: AppContext,
  event: { recipientId: number; actor: UserSummaryRow; postId: number; sentence: (actorName: string) => string },
): Promise<Notification | null> {
  if (event.recipientId === event.actor.id) return null;
  const seen = await deliveryWithActor(ctx, event.recipientId, 'mention', event.actor);
  if (!seen) return null;
  const { actor } = seen;
  return createNotification(
    ctx,
    { userId: event.recipientId, type: 'mention', actorId: actor.id, postId: event.postId, text: event.sentence(nameOf(actor)) },
    actor,
    seen.delivery,
  );
}
