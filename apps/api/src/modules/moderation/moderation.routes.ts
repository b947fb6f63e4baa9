import {
  appealRequestSchema,
  appealSchema,
  errorSchema,
  idParamsSchema,
  moderationCaseSchema,
  reportPostRequestSchema,
  reportPostResponseSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { appealRemoval, getModerationCase } from './appeals.service';
import { reportPost } from './reports.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 404: errorSchema };

/** Members' side of moderation: reporting a post, and the author's appeal against a removal. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.post(
    '/social/posts/:id/report/',
    {
      ...auth,
      config: { accountRateLimit: 'report' },
      schema: {
        tags: ['moderation'],
        summary: 'Reports a post to the moderators (once per person and post; not your own); the author never learns who',
        params: idParamsSchema,
        body: reportPostRequestSchema,
        response: { 201: reportPostResponseSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await reportPost(app.ctx, request.user, request.params.id, request.body)),
  );

  app.get(
    '/social/moderation/:id/',
    {
      ...auth,
      schema: {
        tags: ['moderation'],
        summary: "The author's own moderated post: reason, appeal deadline and the appeal with its reply",
        params: idParamsSchema,
        response: { 200: moderationCaseSchema, ...errors },
      },
    },
    async (request) => getModerationCase(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/social/moderation/:id/appeal/',
    {
      ...auth,
      config: { accountRateLimit: 'appeal' },
      schema: {
        tags: ['moderation'],
        summary: "Appeals a moderator's removal of your post (once, within 30 days)",
        params: idParamsSchema,
        body: appealRequestSchema,
        response: { 201: appealSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await appealRemoval(app.ctx, request.user, request.params.id, request.body.text)),
  );
};
