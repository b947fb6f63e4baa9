import { errorSchema, outcomesQuerySchema, outcomesSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../../lib/validation';
import { adminOnly } from '../../../lib/auth';
import { outcomesCsv, readOutcomes } from './outcomes.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };

/** What the referral pipeline achieved (DESIGN 8.2), for administrators. */
export const outcomesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/outcomes/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin'],
        summary: 'Referral outcomes of a period and cohort: funnel, hires by company and cohort, median days to a referral',
        querystring: outcomesQuerySchema,
        response: { 200: outcomesSchema, ...errors },
      },
    },
    async (request) => readOutcomes(app.ctx, request.query),
  );

  app.get(
    '/api/admin/outcomes.csv',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin'],
        summary: 'One CSV row per referral request of the period and cohort',
        querystring: outcomesQuerySchema,
        // No response schema: 200 is text/csv, streamed; errors are the usual {detail, code}.
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="outcomes.csv"')
        .send(outcomesCsv(app.ctx, request.query)),
  );
};
