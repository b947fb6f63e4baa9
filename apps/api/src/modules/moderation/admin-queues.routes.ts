import { errorSchema, idParamsSchema, moderationQueueCountsSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import { moderatedPostImage, queueCounts } from './admin-queues.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };

/** What the moderators' navigation counts, and a moderated post's image (administrators only). */
export const adminQueuesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.get(
    '/social/admin/queue-counts/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'How many posts wait in the open reports queue and how many appeals are open',
        security: [{ bearerAuth: [] }],
        response: { 200: moderationQueueCountsSchema, ...errors },
      },
    },
    async () => queueCounts(app.ctx),
  );

  app.get(
    '/social/admin/posts/:id/image/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: "A post's image, also when withheld after a removal (for judging its appeal); never cached by others",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        // No response schema: the body is the image's bytes (image/webp), not JSON (errors are the usual {detail, code}).
      },
    },
    async (request, reply) => {
      const image = await moderatedPostImage(app.ctx, request.params.id);
      return reply.header('cache-control', 'private, no-store').type(image.contentType).send(image.stream);
    },
  );
};
