import { notificationCategoryOf, type NotificationType } from '@alumlink/contract';
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { executeRaw, prepareRawStatement } from '../../db/prepared';
import { notificationDigestItems, notificationPreferences, users, type NotificationPreferenceRow } from '../../db/schema/index';
import { emailVisibleToViewerSql } from '../settings/visibility';

export type PreferenceChange = { category: string; inApp: boolean; email: string };

/** One person's stored choices (by primary key prefix); categories without a row use the defaults. */
export function findPreferences(db: Executor, userId: number): Promise<NotificationPreferenceRow[]> {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/**
 * A notification's delivery as deliverySql selects it (its columns are prefixed `recipient_`);
 * the recipient's columns are null when a statement's `left join lateral` found no such person.
 */
export type DeliverySqlRow = {
  /** The recipient's stored choice for the category; null: no row, the defaults apply. */
  recipient_in_app: boolean | null;
  recipient_email_frequency: string | null;
  recipient_address: string | null;
  recipient_first_name: string | null;
  recipient_is_active: boolean | null;
  /** Whether the recipient may read the actor's e-mail. */
  recipient_sees_actor_email: boolean | null;
};

/**
 * A notification's delivery: the recipient's address, their choice for one category and whether
 * they may read the actor's e-mail, from the recipient's users row (primary-key lookups). A
 * statement of its own (notification_delivery), or a `left join lateral` of a write statement
 * that learns the recipient itself (the like, comment and send statements): one round trip fewer.
 */
export function deliverySql(recipientId: SQLWrapper, category: SQLWrapper, actorId: SQLWrapper): SQL {
  return sql`select ${notificationPreferences.inApp} as recipient_in_app, ${notificationPreferences.email} as recipient_email_frequency,
      ${users.email} as recipient_address, ${users.firstName} as recipient_first_name, ${users.isActive} as recipient_is_active,
      ${emailVisibleToViewerSql(recipientId, actorId)} as recipient_sees_actor_email
    from ${users} left join ${notificationPreferences}
      on ${notificationPreferences.userId} = ${users.id} and ${notificationPreferences.category} = ${category}
    where ${users.id} = ${recipientId}`;
}

/**
 * deliverySql for a notification of `type` (its category written into the statement), inside a
 * write statement that knows the recipient and the actor as SQL.
 */
export function deliveryOfTypeSql(recipientId: SQLWrapper, type: NotificationType, actorId: SQLWrapper): SQL {
  return deliverySql(recipientId, sql`${notificationCategoryOf(type)}::text`, actorId);
}

/** The delivery statement on its own (placeholders userId, category, actorId; tests EXPLAIN it). */
export const notificationDeliveryStatement = deliverySql(
  sql`${sql.placeholder('userId')}::integer`,
  sql`${sql.placeholder('category')}::text`,
  sql`${sql.placeholder('actorId')}::integer`,
);

const prepareStatements = (db: Database) => ({
  delivery: prepareRawStatement<DeliverySqlRow>(db, 'notification_delivery', notificationDeliveryStatement),
});

/** Writes whole choices (the service merges them with the current ones first). */
export async function upsertPreferences(db: Executor, userId: number, changes: PreferenceChange[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(changes.map((change) => ({ userId, ...change, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, updatedAt: now },
    });
}

/** Waiting digest items of these categories move to another digest. */
export async function moveDigestItems(db: Executor, userId: number, categories: string[], frequency: 'daily' | 'weekly'): Promise<void> {
  if (categories.length === 0) return;
  await db
    .update(notificationDigestItems)
    .set({ frequency })
    .where(and(eq(notificationDigestItems.userId, userId), inArray(notificationDigestItems.category, categories)));
}

/** Waiting digest items of these categories are dropped (their e-mail was turned off). */
export async function dropDigestItems(db: Executor, userId: number, categories: string[]): Promise<void> {
  if (categories.length === 0) return;
  await db
    .delete(notificationDigestItems)
    .where(and(eq(notificationDigestItems.userId, userId), inArray(notificationDigestItems.category, categories)));
}

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.notificationPreferences`). */
export function createNotificationPreferencesRepository(db: Database) {
  const statements = prepareStatements(db);
  return {
    /**
     * The recipient's address, their stored choice for one category and whether they may read the
     * actor's e-mail (primary-key lookups in one prepared statement: every notification reads it),
     * or null when there is no such person.
     */
    async findDelivery(userId: number, category: string, actorId: number): Promise<DeliverySqlRow | null> {
      const rows = await statements.delivery.execute({ userId, category, actorId });
      return rows[0] ?? null;
    },
  };
}

export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;

/** findDelivery inside a caller's transaction (the prepared statement never runs in one). */
export async function findDeliveryWithin(tx: Executor, userId: number, category: string, actorId: number): Promise<DeliverySqlRow | null> {
  const rows = await executeRaw<DeliverySqlRow>(tx, deliverySql(sql`${userId}::integer`, sql`${category}::text`, sql`${actorId}::integer`));
  return rows[0] ?? null;
}
