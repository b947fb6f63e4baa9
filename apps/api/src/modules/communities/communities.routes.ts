import {
  communityListSchema,
  communityMembershipSchema,
  communitySchema,
  communitySlugParamsSchema,
  errorSchema,
} from '@alumlink/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { badRequestSchema } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import * as service from './communities.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 404: errorSchema };

/**
 * Optional authentication for public routes: the caller's id when a valid bearer token is sent,
 * null for visitors (no token, or one that is invalid or expired).
 */
async function optionalViewerId(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
  if (!request.headers.authorization) return null;
  try {
    await request.server.authenticate(request, reply);
    return request.user.id;
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export const communitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Actions (close, join, ...) take no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);
  const tags = ['communities'];

  app.get(
    '/api/communities/',
    {
      schema: {
        tags,
        summary: 'Every community of the hub, ordered by name (public; is_member with a bearer token)',
        response: { 200: communityListSchema },
      },
    },
    async (request, reply) => service.listCommunities(app.db, await optionalViewerId(request, reply)),
  );

  app.get(
    '/api/communities/:slug/',
    {
      schema: {
        tags,
        summary: 'One community (public; is_member with a bearer token)',
        params: communitySlugParamsSchema,
        response: { 200: communitySchema, ...errors },
      },
    },
    async (request, reply) => service.getCommunity(app.db, request.params.slug, await optionalViewerId(request, reply)),
  );

  for (const [action, member] of [
    ['join', true],
    ['leave', false],
  ] as const) {
    app.post(
      `/api/communities/:slug/${action}/`,
      {
        onRequest: app.authenticate,
        config: { accountRateLimit: 'communityMembership' },
        schema: {
          tags,
          summary: member ? 'Joins the community (idempotent)' : 'Leaves the community (idempotent)',
          params: communitySlugParamsSchema,
          response: { 200: communityMembershipSchema, ...errors },
        },
      },
      async (request) => service.setMembership(app.db, request.user, request.params.slug, member),
    );
  }
};
