import { errorSchema, searchEverythingQuerySchema, searchEverythingResultSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { searchEverything } from './search-everything.service';

export const searchEverythingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['search'],
        summary: 'Search everything: people, posts, jobs, events and communities by full-text search, as the viewer may see them',
        description:
          'q in web-search syntax ("a phrase", or, -word; the last word also matches as a prefix). With type, one kind best first, ' +
          'cursor-paginated; without, a few of each kind grouped. Snippets mark each match between U+E000 and U+E001.',
        querystring: searchEverythingQuerySchema,
        response: { 200: searchEverythingResultSchema, 400: badRequestSchema, 401: errorSchema },
      },
    },
    async (request) => searchEverything(app.ctx, request.user, request.query),
  );
};
