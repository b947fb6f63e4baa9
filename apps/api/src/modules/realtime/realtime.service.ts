import type { Database } from '../../db/client';
import { findSessionPerson } from '../auth/session-person.repository';
import type { RealtimeHub } from '../../lib/realtime/hub';
import { endRealtimeSessions, publishRealtime } from '../../lib/realtime/registry';
import { verifyAccessToken } from '../../lib/tokens';
import { findEndedSessions } from './realtime.repository';
import type { SocketIdentity } from './socket-session';

/**
 * The person behind an access token sent on a socket, its sign-in and when the token expires:
 * same checks as `app.authenticate` (signature, expiry, active account, session not ended).
 */
export async function identifySocketToken(db: Database, secret: string, token: string): Promise<SocketIdentity | null> {
  const subject = verifyAccessToken(secret, token);
  if (!subject) return null;
  const person = await findSessionPerson(db, subject);
  if (!person) return null;
  return { userId: person.id, session: person.session, expiresAt: subject.expiresAt };
}

/**
 * Closes the open sockets of a person's ended sign-in (`family`), or of all their sign-ins
 * (`family` null), on every instance. Call after the change committed.
 */
export function closeSocketsOfEndedSessions(db: Database, ended: { userId: number; family: string | null }): void {
  endRealtimeSessions(db, ended);
}

/**
 * The periodic re-check (every config.realtimeSessionCheckMs): closes, with 4401 'session ended',
 * this instance's sockets whose sign-in is no longer valid, whoever ended it and however (another
 * instance while Redis is down, the CLI, SQL). One query for all the sockets; returns how many
 * sign-ins ended. A failing query is the caller's to log (the next tick tries again).
 */
export async function closeSocketsOfInvalidSessions(db: Database, hub: RealtimeHub): Promise<number> {
  const ended = await findEndedSessions(db, hub.localSessions());
  hub.endLocalSessions(ended);
  return ended.length;
}

/** Tells every connected socket that a post was published (What's New). Call after it committed. */
export function broadcastPostCreated(db: Database, postId: number): void {
  publishRealtime(db, { kind: 'everyone' }, { type: 'post.created', data: { post_id: postId } });
}

/** Tells every connected socket that a post disappeared. */
export function broadcastPostDeleted(db: Database, postId: number): void {
  publishRealtime(db, { kind: 'everyone' }, { type: 'post.deleted', data: { post_id: postId } });
}
