import {
  communityMemberPageSchema,
  communityModeratorListSchema,
  communityModeratorRequestSchema,
  communitySlugParamsSchema,
  deletePostRequestSchema,
  errorSchema,
  pageQuerySchema,
  postPageSchema,
  updateCommunityRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import * as service from './spaces.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const spacePostParamsSchema = communitySlugParamsSchema.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A community as a space (DESIGN 9.3, decision 034): its feed, visibility and moderators. */
export const spacesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['communities'];
  const auth = { onRequest: app.authenticate };

  app.get(
    '/api/communities/:slug/posts/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The space's feed: its live posts the caller may read, newest first (members only for a members-only space)",
        params: communitySlugParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => service.listPostsOfSpace(app.ctx, request.user, request.params.slug, request.query),
  );

  app.patch(
    '/api/communities/:slug/',
    {
      ...adminOnly(app),
      config: { accountRateLimit: 'admin' },
      schema: {
        tags,
        summary: 'Sets who reads the space: public or its members alone (administrators)',
        params: communitySlugParamsSchema,
        body: updateCommunityRequestSchema,
        response: { 204: z.null().describe('Saved'), ...errors },
      },
    },
    async (request, reply) => {
      await service.setVisibility(app.ctx, request.user, request.params.slug, request.body.visibility);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/communities/:slug/members/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The space's members the caller may see, newest first (a members-only space: its members alone, else 403)",
        params: communitySlugParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: communityMemberPageSchema, ...errors },
      },
    },
    async (request) => service.listMembers(app.ctx, request.user, request.params.slug, request.query),
  );

  app.get(
    '/api/communities/:slug/moderators/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The space's moderators the caller may see",
        params: communitySlugParamsSchema,
        response: { 200: communityModeratorListSchema, ...errors },
      },
    },
    async (request) => service.listModerators(app.ctx, request.user, request.params.slug),
  );

  for (const [method, moderator] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/communities/:slug/moderators/',
      ...adminOnly(app),
      config: { accountRateLimit: 'admin' },
      schema: {
        tags,
        summary: moderator
          ? 'Names a moderator of the space (administrators; idempotent)'
          : 'Removes a moderator of the space (administrators; idempotent)',
        params: communitySlugParamsSchema,
        body: communityModeratorRequestSchema,
        response: { 204: z.null().describe('Saved'), ...errors },
      },
      handler: async (request, reply) => {
        await service.setModerator(app.ctx, request.user, request.params.slug, request.body.user_id, moderator);
        return reply.status(204).send(null);
      },
    });
  }

  app.delete(
    '/api/communities/:slug/posts/:id/',
    {
      ...auth,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags,
        summary: 'A moderator of the space removes one of its posts with a reason, as an administrator does (author notified, may appeal)',
        params: spacePostParamsSchema,
        body: deletePostRequestSchema,
        response: { 200: z.object({ detail: z.string() }), ...errors },
      },
    },
    async (request) => service.removePostInSpace(app.ctx, request.user, request.params.slug, request.params.id, request.body.reason),
  );
};
