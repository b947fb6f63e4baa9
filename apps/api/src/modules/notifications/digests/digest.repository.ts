import type { DigestFrequency } from '@alumlink/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { notificationDigestItems, notificationDigests, users } from '../../../db/schema/index';

/**
 * The next people (ids above `afterUserId`, ascending) with items waiting for this digest: a
 * keyset walk over notification_digest_items_due_idx, so no run holds every recipient at once.
 */
export async function nextRecipientIds(db: Executor, frequency: DigestFrequency, afterUserId: number, take: number): Promise<number[]> {
  const rows = await recipientIdsQuery(db, frequency, afterUserId, take);
  return rows.map((row) => row.userId);
}

/** The query of nextRecipientIds (query-plans.test.ts explains it). */
export function recipientIdsQuery(db: Executor, frequency: DigestFrequency, afterUserId: number, take: number) {
  return db
    .select({ userId: notificationDigestItems.userId })
    .from(notificationDigestItems)
    .where(and(eq(notificationDigestItems.frequency, frequency), gt(notificationDigestItems.userId, afterUserId)))
    .groupBy(notificationDigestItems.userId)
    .orderBy(asc(notificationDigestItems.userId))
    .limit(take);
}

export type DigestRecipient = { id: number; email: string; firstName: string };

/**
 * Claims this period's digest for those of `userIds` who are active and have not had it: INSERT
 * ... ON CONFLICT DO NOTHING on the (user, frequency, period) primary key. A concurrent run's
 * insert of the same key waits for this transaction and then claims nothing, so each person
 * gets exactly one digest per period however many instances run.
 */
export async function claimDigests(
  tx: Executor,
  frequency: DigestFrequency,
  periodStart: Date,
  userIds: number[],
): Promise<DigestRecipient[]> {
  if (userIds.length === 0) return [];
  const claimed = await tx
    .insert(notificationDigests)
    .select(
      tx
        .select({
          userId: users.id,
          frequency: sql<string>`${frequency}::text`.as('frequency'),
          periodStart: sql<Date>`${periodStart.toISOString()}::timestamptz`.as('period_start'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.isActive, true))),
    )
    .onConflictDoNothing()
    .returning({ userId: notificationDigests.userId });
  if (claimed.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((row) => row.userId),
      ),
    )
    .orderBy(asc(users.id));
}

export type TakenItem = { userId: number; category: string; text: string; link: string; createdAt: Date };

/** Removes and returns the waiting items of this digest for these people (they are being e-mailed). */
export function takeDigestItems(tx: Executor, frequency: DigestFrequency, userIds: number[]): Promise<TakenItem[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return tx
    .delete(notificationDigestItems)
    .where(and(eq(notificationDigestItems.frequency, frequency), inArray(notificationDigestItems.userId, userIds)))
    .returning({
      userId: notificationDigestItems.userId,
      category: notificationDigestItems.category,
      text: notificationDigestItems.text,
      link: notificationDigestItems.link,
      createdAt: notificationDigestItems.createdAt,
    });
}
