import {
  deletePostRequestSchema,
  deletePostResponseSchema,
  errorSchema,
  idParamsSchema,
  pageQuerySchema,
  postPageSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { adminOnly } from '../../lib/auth';
import * as service from './admin-posts.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };

/** Post moderation (administrators only). `/alumlink/social/...` reaches these too (app.ts). */
export const adminPostsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.get(
    '/social/admin/posts/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'Every live post newest first, cursor-paginated',
        security: [{ bearerAuth: [] }],
        querystring: pageQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => service.listPostsForModeration(app.ctx, request.user, request.query),
  );

  app.delete(
    '/social/admin/posts/:id/delete_post/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Removes a post with one of the five reasons; the author is notified',
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        body: deletePostRequestSchema,
        response: { 200: deletePostResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.removePost(app.ctx, request.user, request.params.id, request.body.reason),
  );
};
