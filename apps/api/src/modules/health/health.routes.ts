import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({ status: z.enum(['ready', 'unavailable']) });

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'Liveness probe', response: { 200: liveSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness probe: 503 while the database does not answer',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const ready = await app.database.ping();
      if (!ready) return reply.status(503).send({ status: 'unavailable' as const });
      return { status: 'ready' as const };
    },
  );
};
