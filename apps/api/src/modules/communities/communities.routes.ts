import {
  communityListSchema,
  communityMembershipSchema,
  communitySchema,
  communitySlugParamsSchema,
  errorSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticateIfPresent, viewerOf } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import * as service from './communities.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 404: errorSchema };

export const communitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Actions (close, join, ...) take no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);
  const tags = ['communities'];
  // A bad or expired token answers as to a visitor (is_member false), never a 401.
  const optionalAuth = authenticateIfPresent('visitor');

  app.get(
    '/api/communities/',
    {
      schema: {
        tags,
        summary: 'Every community of the hub, ordered by name (public; is_member with a bearer token)',
        response: { 200: communityListSchema },
      },
      onRequest: optionalAuth,
    },
    async (request) => service.listCommunities(app.ctx, viewerOf(request)?.id ?? null),
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
      onRequest: optionalAuth,
    },
    async (request) => service.getCommunity(app.ctx, request.params.slug, viewerOf(request)?.id ?? null),
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
      async (request) => service.setMembership(app.ctx, request.user, request.params.slug, member),
    );
  }
};
