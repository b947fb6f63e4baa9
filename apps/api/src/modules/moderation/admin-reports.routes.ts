import {
  dismissReportsResponseSchema,
  errorSchema,
  idParamsSchema,
  reportQueuePageSchema,
  reportQueueQuerySchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { dismissReports, listReportQueue } from './reports.service';
import { adminOnly } from '../../lib/auth';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };

/** The reports queue (administrators only); deleting a post with a reason closes its reports (admin/posts). */
export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.get(
    '/social/admin/reports/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'Reported posts grouped (count, reasons, notes, a preview), most reported first, cursor-paginated',
        security: [{ bearerAuth: [] }],
        querystring: reportQueueQuerySchema,
        response: { 200: reportQueuePageSchema, ...errors },
      },
    },
    async (request) => listReportQueue(app.ctx, request.query),
  );

  app.post(
    '/social/admin/reports/:id/dismiss/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Keeps the post: dismisses its open reports (audit-logged)',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        response: { 200: dismissReportsResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => dismissReports(app.ctx, request.user, request.params.id),
  );
};
