import { communityListSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCommunities } from './communities.service';

export const communitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/communities/',
    {
      schema: {
        tags: ['communities'],
        summary: 'Every community of the hub, ordered by name (public)',
        response: { 200: communityListSchema },
      },
    },
    async () => listCommunities(app.db),
  );
};
