import {
  adminAppealSchema,
  appealQueuePageSchema,
  appealQueueQuerySchema,
  decideAppealRequestSchema,
  errorSchema,
  idParamsSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { decideAppeal, listAppeals } from './appeals.service';
import { adminOnly } from '../../lib/auth';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };

/** The appeals queue and decisions (administrators only). */
export const adminAppealsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.get(
    '/social/admin/appeals/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'Appeals of one status (open by default) with the removed post, oldest first, cursor-paginated',
        security: [{ bearerAuth: [] }],
        querystring: appealQueueQuerySchema,
        response: { 200: appealQueuePageSchema, ...errors },
      },
    },
    async (request) => listAppeals(app.ctx, request.query),
  );

  app.post(
    '/social/admin/appeals/:id/decide/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Decides an open appeal: upheld (stays removed) or restored (the post comes back); the author gets the reply',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: decideAppealRequestSchema,
        response: { 200: adminAppealSchema, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => decideAppeal(app.ctx, request.user, request.params.id, request.body),
  );
};
