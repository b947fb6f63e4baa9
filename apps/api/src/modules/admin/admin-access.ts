import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../lib/auth';

/**
 * Route options of every admin route: a signed-in administrator (401 without a token, 403 for
 * anyone else). Checked on request, before the body is validated, so others learn nothing.
 */
export function adminOnly(app: FastifyInstance) {
  return { onRequest: [app.authenticate, requireRole('AD')] };
}
