import { auditLogPageSchema, auditLogQuerySchema, errorSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { adminOnly } from '../../lib/auth';
import { listAuditLog } from './audit-log.service';

/** Every administrative action, newest first. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit-log/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin'],
        summary: 'The audit log newest first, optionally of one action, cursor-paginated',
        security: [{ bearerAuth: [] }],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, 400: badRequestSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => listAuditLog(app.ctx, request.query),
  );
};
