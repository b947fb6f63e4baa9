import { directoryFacetsSchema, directoryFiltersSchema, directoryPageSchema, directoryQuerySchema, errorSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import * as service from './directory.service';

const errors = { 400: badRequestSchema, 401: errorSchema };

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  const tags = ['directory'];

  app.get(
    '/api/directory/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Listed people matching every filter, newest members first',
        querystring: directoryQuerySchema,
        response: { 200: directoryPageSchema, ...errors },
      },
    },
    async (request) => service.getDirectoryPage(app.ctx, request.user, request.query),
  );

  app.get(
    '/api/directory/facets/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Top 20 values per facet with counts; each facet applies every filter but its own',
        querystring: directoryFiltersSchema,
        response: { 200: directoryFacetsSchema, ...errors },
      },
    },
    async (request) => service.getDirectoryFacets(app.ctx, request.user, request.query),
  );
};
