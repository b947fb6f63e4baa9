import { AUTH_MESSAGES, roleSchema, type Role } from '@alumlink/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionFamilies, users } from '../db/schema/index';
import { AppError, forbidden, unauthorized } from './errors';
import { verifyAccessToken, type VerifiedAccessToken } from './tokens';

/**
 * The signed-in person, as routes see it after `app.authenticate`; `session` is the sign-in
 * (session family) the access token belongs to.
 */
export type AuthUser = { id: number; role: Role; is_staff: boolean; email: string; session: string };

export type AuthPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: requires a valid `Authorization: Bearer <access>` and sets `request.user`. */
    authenticate: AuthPreHandler;
  }
  interface FastifyRequest {
    /**
     * The signed-in person. Only set on routes whose preHandler includes `app.authenticate`
     * (it is null elsewhere, like @fastify/jwt's `request.user`).
     */
    user: AuthUser;
  }
}

export const TOKEN_NOT_VALID = AUTH_MESSAGES.tokenNotValid;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const tokenNotValid = () => new AppError(401, 'token_not_valid', TOKEN_NOT_VALID);

/**
 * The signed-in person and their session, looked up on every authenticated request: two
 * primary-key lookups in one statement (one round trip). No row when the person is gone or the
 * session ended (logout, password reset, a reused refresh token) or belongs to someone else.
 */
export function personBySessionQuery(db: Database) {
  return db
    .select({ id: users.id, role: users.role, isStaff: users.isStaff, email: users.email, isActive: users.isActive })
    .from(users)
    .innerJoin(sessionFamilies, and(eq(sessionFamilies.id, sql.placeholder('session')), eq(sessionFamilies.userId, users.id)))
    .where(and(eq(users.id, sql.placeholder('id')), isNull(sessionFamilies.endedAt)))
    .limit(1);
}

/** The sign-in check's statement, prepared once per app (`ctx.repositories.auth`). */
export function createAuthRepository(db: Database) {
  const personBySession = personBySessionQuery(db).prepare('auth_person_by_session');
  return {
    /**
     * The person an access token speaks for, when they are still active and the token's session
     * has not ended; null otherwise. Used by HTTP requests and WebSocket sign-ins alike.
     */
    async findSessionPerson(subject: VerifiedAccessToken): Promise<AuthUser | null> {
      const [row] = await personBySession.execute({ id: subject.id, session: subject.session });
      const role = roleSchema.safeParse(row?.role);
      if (!row || !row.isActive || !role.success) return null;
      return { id: row.id, role: role.data, is_staff: row.isStaff, email: row.email, session: subject.session };
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/**
 * Verifies the bearer access token, then loads the person with its session (one statement), so
 * a deleted or deactivated person, or a session that ended, is refused on the next request even
 * with an unexpired token.
 */
export const authenticate: AuthPreHandler = async (request) => {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const token = BEARER.exec(header)?.[1];
  if (!token) throw tokenNotValid();
  const subject = verifyAccessToken(request.server.config.jwtSecret, token);
  if (!subject) throw tokenNotValid();
  const person = await request.server.ctx.repositories.auth.findSessionPerson(subject);
  if (!person) throw tokenNotValid();
  request.user = person;
};

/**
 * preHandler allowing only the given roles; use after authenticate:
 * `preHandler: [app.authenticate, requireRole('AD')]`.
 */
export function requireRole(...roles: Role[]): AuthPreHandler {
  return async (request) => {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.role)) throw forbidden(undefined, 'forbidden');
  };
}

/** Called once by buildApp: decorates `app.authenticate` and `request.user`. */
export function registerAuth(app: FastifyInstance): void {
  app.decorate('authenticate', authenticate);
  app.decorateRequest('user', null as unknown as AuthUser);
}
