import type { Database } from '../../db/client';
import { publishRealtime } from '../../lib/realtime/registry';
import { verifyAccessToken } from '../../lib/tokens';
import { findUserById } from '../users/users.service';
import type { SocketIdentity } from './socket-session';

/**
 * The person behind an access token sent on a socket, and when the token expires: same checks
 * as `app.authenticate` (signature, expiry, active account).
 */
export async function identifySocketToken(db: Database, secret: string, token: string): Promise<SocketIdentity | null> {
  const subject = verifyAccessToken(secret, token);
  if (!subject) return null;
  const user = await findUserById(db, subject.id);
  if (!user?.isActive) return null;
  return { userId: user.id, expiresAt: subject.expiresAt };
}

/** Tells every connected socket that a post was published (What's New). Call after it committed. */
export function broadcastPostCreated(db: Database, postId: number): void {
  publishRealtime(db, { kind: 'everyone' }, { type: 'post.created', data: { post_id: postId } });
}

/** Tells every connected socket that a post disappeared. */
export function broadcastPostDeleted(db: Database, postId: number): void {
  publishRealtime(db, { kind: 'everyone' }, { type: 'post.deleted', data: { post_id: postId } });
}
