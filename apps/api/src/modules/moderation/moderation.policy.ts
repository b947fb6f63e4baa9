import type { AuthUser } from '../../lib/auth';

/** Members report other people's posts, never their own. */
export function canReport(user: AuthUser, post: { userId: number }): boolean {
  return post.userId !== user.id;
}

/** Only the author appeals, and only a moderator's removal (a reason is kept) that nobody appealed yet. */
export function canAppeal(user: AuthUser, post: { userId: number; deletedAt: Date | null; deleteReason: string | null }): boolean {
  return post.userId === user.id && post.deletedAt !== null && post.deleteReason !== null;
}
