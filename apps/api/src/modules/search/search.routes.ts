import { errorSchema, searchUsersQuerySchema, searchUsersResultSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { searchUsers } from './search.service';

/** Base A and base B of the specification both serve people search. */
const SEARCH_PATHS = ['/api/search-users/', '/users/search-users/'] as const;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const url of SEARCH_PATHS) {
    app.get(
      url,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['search'],
          summary: 'People search: name, e-mail, id, job title, headline or company; at most 20, best matches first',
          querystring: searchUsersQuerySchema,
          response: { 200: searchUsersResultSchema, 400: badRequestSchema, 401: errorSchema },
        },
      },
      async (request) => searchUsers(app.ctx, request.user, request.query.q),
    );
  }
};
