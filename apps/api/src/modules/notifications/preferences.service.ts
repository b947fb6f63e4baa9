import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  emailFrequencySchema,
  NOTIFICATION_CATEGORIES,
  notificationCategorySchema,
  type EmailFrequency,
  type NotificationCategory,
  type NotificationPreference,
  type NotificationSettings,
  type UpdateNotificationSettingsRequest,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { Recipient } from './notification-emails';
import * as repository from './preferences.repository';

export type NotificationPreferences = Record<NotificationCategory, NotificationPreference>;

/** Every category's choice: the stored ones over the defaults. */
export async function notificationPreferencesOf(db: Executor, userId: number): Promise<NotificationPreferences> {
  const types = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const row of await repository.findPreferences(db, userId)) {
    const category = notificationCategorySchema.safeParse(row.category);
    if (category.success) types[category.data] = { in_app: row.inApp, email: emailFrequencySchema.parse(row.email) };
  }
  return types;
}

/** How a notification reaches its recipient, from notificationDeliveryOf. */
export type NotificationDelivery = {
  preference: NotificationPreference;
  /** Whom to e-mail; null when the person is inactive. */
  recipient: Recipient | null;
  /** Whether the recipient may read the actor's e-mail (false without an actor). */
  actorEmailVisible: boolean;
};

/**
 * One category's choice, for the delivery of a notification, the recipient to e-mail (null
 * when inactive) and whether they may read the e-mail of the actor (`actorId`, 0 for none);
 * null when there is no such person. One prepared statement.
 */
export async function notificationDeliveryOf(
  ctx: AppContext,
  userId: number,
  category: NotificationCategory,
  actorId = 0,
): Promise<NotificationDelivery | null> {
  const row = await ctx.repositories.notificationPreferences.findDelivery(userId, category, actorId);
  return deliveryOf(row, { recipientId: userId, category, actorId });
}

/**
 * A delivery from the columns of deliverySql, read on their own (notificationDeliveryOf) or by
 * the write statement that caused the notification; null when there is no such person.
 */
export function deliveryOf(
  row: repository.DeliverySqlRow | null,
  about: { recipientId: number; category: NotificationCategory; actorId: number },
): NotificationDelivery | null {
  if (!row || row.recipient_address === null) return null;
  const preference =
    row.recipient_in_app === null || row.recipient_email_frequency === null
      ? DEFAULT_NOTIFICATION_PREFERENCES[about.category]
      : { in_app: row.recipient_in_app, email: emailFrequencySchema.parse(row.recipient_email_frequency) };
  return {
    preference,
    recipient: row.recipient_is_active
      ? { id: about.recipientId, email: row.recipient_address, firstName: row.recipient_first_name ?? '' }
      : null,
    actorEmailVisible: about.actorId !== 0 && row.recipient_sees_actor_email === true,
  };
}

/** GET /social/settings/notifications/. */
export async function getNotificationSettings(ctx: AppContext, userId: number): Promise<NotificationSettings> {
  return { types: await notificationPreferencesOf(ctx.db, userId) };
}

type PreferenceUpdate = Partial<Record<NotificationCategory, Partial<NotificationPreference> | undefined>>;

/**
 * Saves the given fields of the given categories, in one transaction with what it means for
 * notifications already waiting for a digest: e-mail off drops them, another digest moves them
 * (instant leaves them in their digest: they were not e-mailed yet).
 */
export async function saveNotificationPreferences(
  ctx: AppContext,
  userId: number,
  update: PreferenceUpdate,
): Promise<NotificationSettings> {
  return ctx.db.transaction(async (tx) => {
    const current = await notificationPreferencesOf(tx, userId);
    const changes: repository.PreferenceChange[] = [];
    const dropped: NotificationCategory[] = [];
    const moved: Record<'daily' | 'weekly', NotificationCategory[]> = { daily: [], weekly: [] };
    for (const category of NOTIFICATION_CATEGORIES) {
      const given = update[category];
      if (!given) continue;
      const next = { ...current[category], ...definedFields(given) };
      current[category] = next;
      changes.push({ category, inApp: next.in_app, email: next.email });
      if (next.email === 'off') dropped.push(category);
      if (next.email === 'daily' || next.email === 'weekly') moved[next.email].push(category);
    }
    await repository.upsertPreferences(tx, userId, changes, new Date());
    await repository.dropDigestItems(tx, userId, dropped);
    await repository.moveDigestItems(tx, userId, moved.daily, 'daily');
    await repository.moveDigestItems(tx, userId, moved.weekly, 'weekly');
    return { types: current };
  });
}

function definedFields(given: Partial<NotificationPreference>): Partial<NotificationPreference> {
  const fields: Partial<NotificationPreference> = {};
  if (given.in_app !== undefined) fields.in_app = given.in_app;
  if (given.email !== undefined) fields.email = given.email;
  return fields;
}

/** PUT /social/settings/notifications/. */
export function updateNotificationSettings(
  ctx: AppContext,
  userId: number,
  body: UpdateNotificationSettingsRequest,
): Promise<NotificationSettings> {
  return saveNotificationPreferences(ctx, userId, body.types);
}

/** Sets only e-mail choices (the single legacy setting, unsubscribe links). */
export function saveEmailChoices(
  ctx: AppContext,
  userId: number,
  choices: Partial<Record<NotificationCategory, EmailFrequency>>,
): Promise<NotificationSettings> {
  const update: PreferenceUpdate = {};
  for (const [category, email] of Object.entries(choices) as [NotificationCategory, EmailFrequency][]) update[category] = { email };
  return saveNotificationPreferences(ctx, userId, update);
}
