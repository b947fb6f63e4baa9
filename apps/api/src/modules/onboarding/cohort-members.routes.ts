import { cohortMemberPageSchema, errorSchema, idParamsSchema, pageQuerySchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import { listCohortMembers } from './cohort-members.service';

/** The people of a cohort, for the admin Cohorts screen. */
export const cohortMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/cohorts/:id/members/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin'],
        summary: "A cohort's people (name, e-mail, role, when they joined), by account, paginated",
        security: [{ bearerAuth: [] }],
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: cohortMemberPageSchema, 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => listCohortMembers(app.ctx, request.params.id, request.query),
  );
};
