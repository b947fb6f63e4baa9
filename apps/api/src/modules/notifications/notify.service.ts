import { displayName, notificationCategoryOf, type Notification, type NotificationType } from '@alumlink/contract';
import { workScopeOf, type Scope } from '../../app-context';
import { withoutEmail, type UserSummaryRow } from '../users/users.presenter';
import { EMAIL_COLLAPSE_MS, emailNotification, emailWriteOf } from './delivery';
import { presentNotification } from './notifications.presenter';
import { hasNotificationSince, storeNotificationWithin, type EmailWrite, type NewNotification } from './notifications.repository';
import { findDeliveryWithin, type DeliverySqlRow } from './preferences.repository';
import { deliveryOf } from './preferences.service';

/**
 * One notification to deliver (decision record 036). Each module writes its own notices, sentence
 * and link, in `<module>.notices.ts`; notify delivers them all the same way.
 */
export type Notice = {
  /** Whom to tell; null when they left (nobody is told). */
  recipientId: number | null;
  type: NotificationType;
  /** Who caused it; null for the system or a moderator's office. Nobody is told of their own doing. */
  actor: UserSummaryRow | null;
  /** The sentence: as it is, or from the actor's name as the recipient may see them. */
  text: string | ((actorName: string) => string);
  /** Where it leads on the site (the e-mails link there; the web app's notificationHref agrees). */
  link: string;
  postId?: number | null;
  conversationId?: number | null;
  reason?: string | null;
  /** The instant e-mail's subject after the site's name (default: the sentence). */
  subject?: string;
  /** Not again while the recipient has an unread one of this type from this actor about this post (likes). */
  onceWhileUnread?: boolean;
  /** The recipient's delivery as the caller's own write statement read it (deliveryOfTypeSql); read here when absent. */
  delivery?: DeliverySqlRow | null;
  /** An earlier e-mail already told them (unread messages before this one): with in-app off, nothing is sent. */
  emailedBefore?: boolean;
};

/** A person's name as a notification's sentence says it. */
export const actorNameOf = (actor: UserSummaryRow): string =>
  displayName({ first_name: actor.firstName, last_name: actor.lastName, email: actor.email });

/**
 * Delivers a notice as its recipient chose for its category (Settings → Notifications): in-app on
 * → stored with its e-mail side in one statement and announced live (`notification.created`);
 * e-mail instant → queued in the outbox (not twice within EMAIL_COLLAPSE_MS for the same thing
 * from the same person), daily or weekly → kept for that digest, off → nothing. The actor is shown
 * without their e-mail unless the recipient may read it.
 *
 * `scope` is the app context (prepared statements, effects at once) or a unit of work
 * (`ctx.transaction`: written in its transaction, announced and e-mailed once it commits).
 * Answers the stored notification, or null when nothing was stored.
 */
export async function notify(scope: Scope, notice: Notice): Promise<Notification | null> {
  const { recipientId } = notice;
  if (recipientId === null || recipientId === notice.actor?.id) return null;
  const work = workScopeOf(scope);
  const category = notificationCategoryOf(notice.type);
  const actorId = notice.actor?.id ?? 0;
  const row =
    notice.delivery !== undefined
      ? notice.delivery
      : 'kind' in scope
        ? await findDeliveryWithin(scope.tx, recipientId, category, actorId)
        : await scope.repositories.notificationPreferences.findDelivery(recipientId, category, actorId);
  const delivery = deliveryOf(row, { recipientId, category, actorId });
  if (!delivery) return null; // the person is gone
  const { preference, recipient } = delivery;
  if (notice.emailedBefore && !preference.in_app) return null;
  const actor = notice.actor && !delivery.actorEmailVisible ? withoutEmail(notice.actor) : notice.actor;
  const text = typeof notice.text === 'string' ? notice.text : notice.text(actor ? actorNameOf(actor) : 'Someone');
  const item = { userId: recipientId, category, text, link: notice.link, actorId: actor?.id ?? null, subject: notice.subject };
  if (!preference.in_app) {
    await emailNotification(scope, preference.email, item, recipient);
    return null;
  }
  const values: NewNotification = {
    userId: recipientId,
    type: notice.type,
    actorId: actor?.id ?? null,
    postId: notice.postId ?? null,
    conversationId: notice.conversationId ?? null,
    reason: notice.reason ?? null,
    text,
  };
  const collapsed = preference.email === 'instant' && (await emailedRecently(work.db, values));
  const email = collapsed ? null : emailWriteOf(work.ctx, preference.email, item, recipient);
  const stored = await store(scope, values, email, notice.onceWhileUnread === true);
  if (!stored) return null; // an unread one already says it (likes): no second e-mail either
  const notification = presentNotification({ ...stored, actor });
  work.emit('notification.created', { userId: recipientId, notification });
  if (email?.kind === 'instant') work.mailQueued();
  return notification;
}

/** The notification and its e-mail side in one statement: prepared outside a transaction, with its values inside one. */
function store(scope: Scope, values: NewNotification, email: EmailWrite, onceWhileUnread: boolean) {
  if ('kind' in scope) return storeNotificationWithin(scope.tx, values, email, onceWhileUnread);
  const { notifications } = scope.repositories;
  if (!onceWhileUnread) return notifications.insertNotification(values, email);
  const { userId, type, actorId, postId, text } = values;
  if (actorId == null || postId == null) throw new Error('notify: onceWhileUnread needs an actor and a post');
  return notifications.insertUnlessUnread({ userId, type, actorId, postId, text }, email);
}

/**
 * An e-mail about the same thing (type, post, conversation) from the same person reached the
 * recipient within EMAIL_COLLAPSE_MS: this one is stored in-app, not e-mailed again.
 */
async function emailedRecently(db: Parameters<typeof hasNotificationSince>[0], values: NewNotification): Promise<boolean> {
  if (values.actorId === undefined || values.actorId === null) return false;
  // Messages have their own rule: one while the conversation is unread, again once it was opened.
  if (values.type === 'message') return false;
  return hasNotificationSince(
    db,
    { userId: values.userId, type: values.type, actorId: values.actorId, postId: values.postId, conversationId: values.conversationId },
    new Date(Date.now() - EMAIL_COLLAPSE_MS),
  );
}
