import { displayName } from '@alumlink/contract';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { comments, postLikes, posts, users } from '../db/schema/index';
import { insertNotificationsWithin, type NewNotification } from '../modules/notifications/notifications.repository';
import { postNoticeText } from '../modules/posts/posts.notices';
import { DEMO_ACCOUNTS } from './demo-people';
import type { SeedStep } from './seed-step';

/** At most this many like and comment notifications per demo account (the newest ones). */
const PER_ACCOUNT = { post_liked: 5, post_commented: 3 } as const;
/** Older than this (before the seed's now), they have been read. */
const READ_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

type Reaction = { recipientId: number; actorId: number; postId: number; at: Date; firstName: string; lastName: string; email: string };

/** Likes or comments of others on the demo accounts' posts, newest first. */
async function reactionsTo(tx: Executor, recipients: number[], kind: keyof typeof PER_ACCOUNT): Promise<Reaction[]> {
  const table = kind === 'post_liked' ? postLikes : comments;
  return tx
    .select({
      recipientId: posts.userId,
      actorId: table.userId,
      postId: posts.id,
      at: table.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(table)
    .innerJoin(posts, eq(posts.id, table.postId))
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(inArray(posts.userId, recipients), ne(table.userId, posts.userId)))
    .orderBy(desc(table.createdAt));
}

/**
 * The like and comment notifications the demo accounts would have received for the likes and
 * comments the posts step wrote (the newest few each; older ones read).
 */
export const seedPostNotifications: SeedStep = {
  name: 'notifications',
  async run(tx, context) {
    const recipients = DEMO_ACCOUNTS.flatMap((account) => context.userIds.get(account.email) ?? []);
    if (recipients.length === 0) return;
    const rows: (NewNotification & { createdAt: Date; readAt: Date | null })[] = [];
    for (const kind of ['post_liked', 'post_commented'] as const) {
      const taken = new Map<number, number>();
      for (const reaction of await reactionsTo(tx, recipients, kind)) {
        const count = taken.get(reaction.recipientId) ?? 0;
        if (count >= PER_ACCOUNT[kind]) continue;
        taken.set(reaction.recipientId, count + 1);
        const name = displayName({ first_name: reaction.firstName, last_name: reaction.lastName, email: reaction.email });
        rows.push({
          userId: reaction.recipientId,
          type: kind,
          actorId: reaction.actorId,
          postId: reaction.postId,
          text: kind === 'post_liked' ? postNoticeText.liked(name) : postNoticeText.commented(name),
          createdAt: reaction.at,
          readAt: context.now.getTime() - reaction.at.getTime() > READ_AFTER_MS ? reaction.at : null,
        });
      }
    }
    await insertNotificationsWithin(tx, rows);
  },
};
