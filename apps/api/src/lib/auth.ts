import { AUTH_MESSAGES, type Role } from '@alumlink/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from './errors';

/**
 * The signed-in person, as routes see it after `app.authenticate`; `session` is the sign-in
 * (session family) the access token belongs to.
 */
export type AuthUser = { id: number; role: Role; is_staff: boolean; email: string; session: string };

export type AuthPreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest/preHandler: requires a valid `Authorization: Bearer <access>` and sets
     * `request.user` (modules/auth/authenticate.ts, registered by buildApp).
     */
    authenticate: AuthPreHandler;
  }
  interface FastifyRequest {
    /**
     * The signed-in person. Only set on routes whose hooks include `app.authenticate` (or
     * `authenticateIfPresent` with a token); it is null elsewhere, like @fastify/jwt's `request.user`.
     */
    user: AuthUser;
  }
}

export const TOKEN_NOT_VALID = AUTH_MESSAGES.tokenNotValid;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

export const tokenNotValid = () => new AppError(401, 'token_not_valid', TOKEN_NOT_VALID);

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header. */
export function bearerToken(header: string): string | undefined {
  return BEARER.exec(header)?.[1];
}

/** Refuses (403) a signed-in caller who is not an administrator; runs after app.authenticate. */
const requireAdmin: AuthPreHandler = async (request) => {
  if (!request.user) throw unauthorized();
  if (request.user.role !== 'AD') throw forbidden(undefined, 'forbidden');
};

/**
 * Route options of every admin-only route: a signed-in administrator (401 without a token, 403
 * for anyone else). Checked on request, before the body is validated, so others learn nothing:
 * `app.post(url, { ...adminOnly(app), schema }, handler)`.
 */
export function adminOnly(app: FastifyInstance) {
  return { onRequest: [app.authenticate, requireAdmin] };
}

/**
 * What a public route that answers more to a signed-in caller does with a token it cannot
 * accept (bad, expired, ended session): 'refuse' answers 401 like `app.authenticate` (so the
 * client refreshes and asks again); 'visitor' answers as to someone not signed in.
 */
export type BadTokenAnswer = 'refuse' | 'visitor';

/**
 * onRequest hook of public routes that answer more to a signed-in caller: without an
 * Authorization header the caller is a visitor; with one, it authenticates like
 * `app.authenticate`, and a token it cannot accept is handled as `badToken` says. Read the
 * caller with `viewerOf(request)`.
 */
export function authenticateIfPresent(badToken: BadTokenAnswer): AuthPreHandler {
  return async (request, reply) => {
    if (request.headers.authorization === undefined) return;
    try {
      await request.server.authenticate(request, reply);
    } catch (error) {
      if (badToken === 'visitor' && error instanceof AppError) return;
      throw error;
    }
  };
}

/** The signed-in caller after authenticateIfPresent, or null for a visitor. */
export function viewerOf(request: FastifyRequest): AuthUser | null {
  const user: AuthUser | null = request.user;
  return user ?? null;
}
