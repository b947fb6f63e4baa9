import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { users } from './users';

const CATEGORIES = sql.raw(`('like', 'comment', 'message', 'referral', 'mentoring', 'event', 'moderation', 'lifecycle', 'mention')`);

/**
 * A person's choice for one notification category (Settings → Notifications); a missing row
 * means DEFAULT_NOTIFICATION_PREFERENCES (contract).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_CATEGORIES (contract). */
    category: text('category').notNull(),
    inApp: boolean('in_app').notNull(),
    /** off, instant, daily or weekly. */
    email: text('email').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.category] }),
    check('notification_preferences_category_check', sql`${t.category} in ${CATEGORIES}`),
    check('notification_preferences_email_check', sql`${t.email} in ('off', 'instant', 'daily', 'weekly')`),
  ],
);

/**
 * Notifications waiting for their daily or weekly digest (not yet e-mailed). Each carries its
 * own sentence and link, so it does not depend on the in-app row (which in-app off never stores).
 * A digest deletes the items it sends in the transaction that queues it.
 */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    /** daily or weekly: the digest that will carry it. */
    frequency: text('frequency').notNull(),
    text: text('text').notNull(),
    /** Path on the site (e.g. /user/messages?conversation=3). */
    link: text('link').notNull(),
    /** Who the text names (null: nobody); their leave drops the item (the cascade backs it up). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('notification_digest_items_category_check', sql`${t.category} in ${CATEGORIES}`),
    check('notification_digest_items_frequency_check', sql`${t.frequency} in ('daily', 'weekly')`),
    // Serves the recipients' keyset walk (frequency, user_id > last) and one person's items.
    index('notification_digest_items_due_idx').on(t.frequency, t.userId, t.id),
    // A change of settings moves or drops one person's waiting items of a category.
    index('notification_digest_items_user_category_idx').on(t.userId, t.category),
    // A person's leave drops the items that name them.
    index('notification_digest_items_actor_idx')
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
  ],
);

/**
 * One row per digest sent: the primary key (user, frequency, period) is claimed with
 * INSERT ... ON CONFLICT DO NOTHING before the e-mail is queued, so however many instances run
 * at once, a person gets at most one digest per period.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    /** Start of the period (the scheduled time it belongs to). */
    periodStart: timestamptz('period_start').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.frequency, t.periodStart] }),
    check('notification_digests_frequency_check', sql`${t.frequency} in ('daily', 'weekly')`),
  ],
);

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
export type NotificationDigestItemRow = typeof notificationDigestItems.$inferSelect;
