import { AUTH_MESSAGES, roleSchema, type Role } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { preparedFor } from '../db/prepared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema/index';
import { AppError, forbidden, unauthorized } from './errors';
import { verifyAccessToken } from './tokens';

/** The signed-in person, as routes see it after `app.authenticate`. */
export type AuthUser = { id: number; role: Role; is_staff: boolean; email: string };

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

/** The signed-in person's row, looked up on every authenticated request (a prepared primary-key lookup). */
const authStatements = preparedFor((db) => ({
  personById: db
    .select({ id: users.id, role: users.role, isStaff: users.isStaff, email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_person_by_id'),
}));

/**
 * Verifies the bearer access token, then loads the person by id (one primary-key lookup), so a
 * deleted or deactivated person is refused on their next request even with an unexpired token.
 */
export const authenticate: AuthPreHandler = async (request) => {
  const header = request.headers.authorization;
  if (!header) throw unauthorized();
  const token = BEARER.exec(header)?.[1];
  if (!token) throw tokenNotValid();
  const subject = verifyAccessToken(request.server.config.jwtSecret, token);
  if (!subject) throw tokenNotValid();
  const [row] = await authStatements(request.server.db).personById.execute({ id: subject.id });
  const role = roleSchema.safeParse(row?.role);
  if (!row || !row.isActive || !role.success) throw tokenNotValid();
  request.user = { id: row.id, role: role.data, is_staff: row.isStaff, email: row.email };
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
