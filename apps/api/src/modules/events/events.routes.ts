import { eventPageSchema, eventsQuerySchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listEvents } from './events.service';

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events/',
    {
      schema: {
        tags: ['events'],
        summary: 'Events by date; `q` filters by title or category, case-insensitively (public)',
        querystring: eventsQuerySchema,
        response: { 200: eventPageSchema },
      },
    },
    async (request) => listEvents(app.db, request.query),
  );
};
