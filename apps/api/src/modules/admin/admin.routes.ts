import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { adminAppealsRoutes } from './appeals/admin-appeals.routes';
import { auditLogRoutes } from './audit-log/audit-log.routes';
import { outcomesRoutes } from './outcomes/outcomes.routes';
import { adminPostsRoutes } from './posts/admin-posts.routes';
import { adminReportsRoutes } from './reports/admin-reports.routes';
import { adminStatsRoutes } from './stats/admin-stats.routes';
import { adminSystemRoutes } from './system/admin-system.routes';
import { adminUsersRoutes } from './users/admin-users.routes';

/**
 * The administrator portal's API (every route: administrators only). DELETE requests of the
 * specification's client carry a JSON content type and no body, so an empty body reads as {}.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBody(app);
  await app.register(adminUsersRoutes);
  await app.register(adminPostsRoutes);
  await app.register(adminReportsRoutes);
  await app.register(adminAppealsRoutes);
  await app.register(adminStatsRoutes);
  await app.register(auditLogRoutes);
  await app.register(outcomesRoutes);
  await app.register(adminSystemRoutes);
};
