import type { AppContext } from '../../app-context';
import type { RealtimeHub } from '../../lib/realtime/hub';
import { verifyAccessToken } from '../../lib/tokens';
import type { SocketIdentity } from './socket-session';

/**
 * The person behind an access token sent on a socket, its sign-in and when the token expires:
 * same checks as `app.authenticate` (signature, expiry, active account, session not ended).
 */
export async function identifySocketToken(ctx: AppContext, secret: string, token: string): Promise<SocketIdentity | null> {
  const subject = verifyAccessToken(secret, token);
  if (!subject) return null;
  const person = await ctx.repositories.auth.findSessionPerson(subject);
  if (!person) return null;
  return { userId: person.id, session: person.session, expiresAt: subject.expiresAt };
}

/**
 * The periodic re-check (every config.realtimeSessionCheckMs): closes, with 4401 'session ended',
 * this instance's sockets whose sign-in is no longer valid, whoever ended it and however (another
 * instance while Redis is down, the CLI, SQL). One query for all the sockets; returns how many
 * sign-ins ended. A failing query is the caller's to log (the next tick tries again).
 */
export async function closeSocketsOfInvalidSessions(ctx: AppContext, hub: RealtimeHub): Promise<number> {
  const ended = await ctx.repositories.realtime.findEndedSessions(hub.localSessions());
  hub.endLocalSessions(ended);
  return ended.length;
}
