import { notificationCategorySchema, type DigestFrequency } from '@alumlink/contract';
import type { AppContext } from '../../../app-context';
import { digestEmail, type EmailedItem } from '../notification-emails';
import { digestPeriodStart } from './digest-period';
import * as repository from './digest.repository';

/** People handled per transaction: their claims, items and e-mails commit together. */
export const DIGEST_BATCH_SIZE = 500;

export type DigestRunReport = { sent: number; periodStart: Date };

/**
 * Sends the digests of `frequency` due at `now`: for everyone with waiting items who has not had
 * this period's digest, one e-mail with those items, written to the mail outbox in the
 * transaction that claims the period and removes the items. An SMTP outage therefore loses
 * nothing (the outbox retries), a crash mid-run leaves nothing half-done, and parallel runs
 * (several instances) never send one person two. Recipients come in keyset-paginated batches.
 */
export async function runDigests(
  ctx: Pick<AppContext, 'db' | 'config' | 'transaction'>,
  frequency: DigestFrequency,
  now: Date = new Date(),
  batchSize = DIGEST_BATCH_SIZE,
): Promise<DigestRunReport> {
  const periodStart = digestPeriodStart(frequency, now, ctx.config);
  let sent = 0;
  let afterUserId = 0;
  for (;;) {
    const candidates = await repository.nextRecipientIds(ctx.db, frequency, afterUserId, batchSize);
    if (candidates.length === 0) break;
    afterUserId = candidates[candidates.length - 1] ?? afterUserId;
    sent += await ctx.transaction(async (work) => {
      const { tx } = work;
      const recipients = await repository.claimDigests(tx, frequency, periodStart, candidates);
      const items = await repository.takeDigestItems(
        tx,
        frequency,
        recipients.map((recipient) => recipient.id),
      );
      const byUser = groupByUser(items);
      const messages = recipients.flatMap((recipient) => {
        const own = byUser.get(recipient.id);
        return own ? [digestEmail(ctx.config, recipient, frequency, own)] : [];
      });
      await work.sendMail(...messages);
      return messages.length;
    });
    if (candidates.length < batchSize) break;
  }
  return { sent, periodStart };
}

function groupByUser(items: repository.TakenItem[]): Map<number, EmailedItem[]> {
  const byUser = new Map<number, EmailedItem[]>();
  for (const item of items) {
    const category = notificationCategorySchema.safeParse(item.category);
    if (!category.success) continue;
    const list = byUser.get(item.userId) ?? [];
    list.push({ category: category.data, text: item.text, link: item.link, createdAt: item.createdAt });
    byUser.set(item.userId, list);
  }
  for (const list of byUser.values()) list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return byUser;
}
