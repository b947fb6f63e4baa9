import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../lib/auth';

/**
 * onRequest hook of public routes that answer more to a signed-in caller: with an Authorization
 * header it authenticates like `app.authenticate` (a bad or expired token is a 401, so the client
 * refreshes it), without one the caller is a visitor.
 */
export async function authenticateIfPresent(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.headers.authorization === undefined) return;
  await request.server.authenticate(request, reply);
}

/** The signed-in caller after authenticateIfPresent, or null for a visitor. */
export function viewerOf(request: FastifyRequest): AuthUser | null {
  const user: AuthUser | null = request.user;
  return user ?? null;
}
