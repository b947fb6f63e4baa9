import type { FastifyInstance } from 'fastify';
import { bearerToken, tokenNotValid, type AuthPreHandler, type AuthUser } from '../../lib/auth';
import { unauthorized } from '../../lib/errors';
import { verifyAccessToken } from '../../lib/tokens';

/**
 * Verifies the bearer access token, then loads the person with its session (one statement), so
 * a deleted or deactivated person, or a session that ended, is refused on the next request even
 * with an unexpired token.
 */
export const authenticate: AuthPreHandler = async (request) => {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const token = bearerToken(header);
  if (!token) throw tokenNotValid();
  const subject = verifyAccessToken(request.server.config.jwtSecret, token);
  if (!subject) throw tokenNotValid();
  const person = await request.server.ctx.repositories.auth.findSessionPerson(subject);
  if (!person) throw tokenNotValid();
  request.user = person;
};

/** Called once by buildApp: decorates `app.authenticate` and `request.user`. */
export function registerAuth(app: FastifyInstance): void {
  app.decorate('authenticate', authenticate);
  app.decorateRequest('user', null as unknown as AuthUser);
}
