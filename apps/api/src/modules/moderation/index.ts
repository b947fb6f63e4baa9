import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAppealsRoutes } from './admin-appeals.routes';
import { adminPostsRoutes } from './admin-posts.routes';
import { adminQueuesRoutes } from './admin-queues.routes';
import { adminReportsRoutes } from './admin-reports.routes';

/** The moderators' side of the admin portal (reports, appeals, removing posts); admin.routes.ts lists it. */
export const moderationAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminPostsRoutes);
  await app.register(adminReportsRoutes);
  await app.register(adminAppealsRoutes);
  await app.register(adminQueuesRoutes);
};
