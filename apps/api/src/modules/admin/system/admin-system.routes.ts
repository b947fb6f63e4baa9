import { adminSystemSchema, errorSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../../lib/auth';
import { readSystemStatus } from './admin-system.service';

/** The System page: version, workers, database and storage, the outbox and every background job. */
export const adminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/system/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin'],
        summary: 'Version, workers, database and storage kind, the outbox, and each background job’s last run, last success and failures',
        security: [{ bearerAuth: [] }],
        response: { 200: adminSystemSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => readSystemStatus(app.ctx, app.jobs.names),
  );
};
