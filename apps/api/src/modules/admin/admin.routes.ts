import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { auditLogRoutes } from '../audit-log/index';
import { outcomesRoutes } from './outcomes/outcomes.routes';
import { moderationAdminRoutes } from '../moderation/index';
import { adminStatsRoutes } from './stats/admin-stats.routes';
import { adminSystemRoutes } from './system/admin-system.routes';
import { adminUsersRoutes } from './users/admin-users.routes';

/**
 * The administrator portal's API (every route: administrators only): its route list. Each domain
 * keeps its own admin routes (moderation: reports, appeals, removing posts; audit-log). DELETE requests of the
 * specification's client carry a JSON content type and no body, so an empty body reads as {}.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBody(app);
  await app.register(adminUsersRoutes);
  await app.register(moderationAdminRoutes);
  await app.register(adminStatsRoutes);
  await app.register(auditLogRoutes);
  await app.register(outcomesRoutes);
  await app.register(adminSystemRoutes);
};
