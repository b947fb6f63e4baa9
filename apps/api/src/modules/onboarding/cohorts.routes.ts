import {
  addCohortMembersRequestSchema,
  addCohortMembersResponseSchema,
  applyCohortResponseSchema,
  cohortPageSchema,
  cohortSchema,
  createCohortRequestSchema,
  detailSchema,
  errorSchema,
  idParamsSchema,
  pageQuerySchema,
  updateCohortRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import * as service from './cohorts.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };
const security = [{ bearerAuth: [] }];

/** Cohorts and their role steps (DESIGN 9.1), administrators only. */
export const cohortsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.get(
    '/api/admin/cohorts/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'Cohorts, newest first, with their member count and next step',
        security,
        querystring: pageQuerySchema,
        response: { 200: cohortPageSchema, ...errors },
      },
    },
    async (request) => service.listCohorts(app.ctx, request.query),
  );

  app.post(
    '/api/admin/cohorts/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Creates a cohort with its intern and alumni dates',
        security,
        body: createCohortRequestSchema,
        response: { 201: cohortSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createCohort(app.ctx, request.user, request.body)),
  );

  app.patch(
    '/api/admin/cohorts/:id/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Changes a cohort (new dates make their steps due again)',
        security,
        params: idParamsSchema,
        body: updateCohortRequestSchema,
        response: { 200: cohortSchema, 404: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => service.updateCohort(app.ctx, request.user, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/cohorts/:id/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Deletes a cohort (its people keep their role and year)',
        security,
        params: idParamsSchema,
        response: { 200: detailSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteCohort(app.ctx, request.user, request.params.id);
      return { detail: 'Cohort deleted.' };
    },
  );

  app.post(
    '/api/admin/cohorts/:id/apply/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Takes the cohort's step due today now; answers how many people changed role",
        security,
        params: idParamsSchema,
        response: { 200: applyCohortResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.applyCohort(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/api/admin/cohorts/:id/members/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Puts people who have an account in the cohort (each leaves any other); answers how many joined',
        security,
        params: idParamsSchema,
        body: addCohortMembersRequestSchema,
        response: { 200: addCohortMembersResponseSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.addCohortMembers(app.ctx, request.user, request.params.id, request.body.user_ids),
  );
};
