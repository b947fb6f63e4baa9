import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { notificationDigestItems, notificationPreferences, users, type NotificationPreferenceRow } from '../../db/schema/index';
import { emailVisibleToViewerSql } from '../settings/visibility';

export type PreferenceChange = { category: string; inApp: boolean; email: string };

/** One person's stored choices (by primary key prefix); categories without a row use the defaults. */
export function findPreferences(db: Executor, userId: number): Promise<NotificationPreferenceRow[]> {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/**
 * A notification's delivery (placeholders userId, category, actorId): the recipient's address,
 * their choice for the category and whether they may read the actor's e-mail, from the
 * recipient's users row (primary-key lookups; tests EXPLAIN it).
 */
export function notificationDeliveryQuery(db: Executor) {
  return db
    .select({
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
      address: users.email,
      firstName: users.firstName,
      isActive: users.isActive,
      actorEmailVisible: emailVisibleToViewerSql(sql.placeholder('userId'), sql`${sql.placeholder('actorId')}::integer`),
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), sql`${notificationPreferences.category} = ${sql.placeholder('category')}::text`),
    )
    .where(sql`${users.id} = ${sql.placeholder('userId')}::integer`);
}

const prepareStatements = (db: Database) => ({
  delivery: notificationDeliveryQuery(db).prepare('notification_delivery'),
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
    async findDelivery(userId: number, category: string, actorId: number) {
      const [row] = await statements.delivery.execute({ userId, category, actorId });
      return row ?? null;
    },
  };
}

export type NotificationPreferencesRepository = ReturnType<typeof createNotificationPreferencesRepository>;
