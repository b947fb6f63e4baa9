import { adminStatsSchema, errorSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../../lib/auth';
import { readAdminStats } from './admin-stats.service';

/** The admin dashboard's live numbers. */
export const adminStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stats/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin'],
        summary: 'Users by role, live posts, referrals and 30 days of activity',
        security: [{ bearerAuth: [] }],
        response: { 200: adminStatsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => readAdminStats(app.ctx),
  );
};
