import {
  adminJobsQuerySchema,
  createJobRequestSchema,
  errorSchema,
  idParamsSchema,
  jobPageSchema,
  jobDetailSchema,
  jobSchema,
  jobsQuerySchema,
  pageQuerySchema,
  updateJobRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import * as service from './jobs.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Actions (close, join, ...) take no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);
  // Authenticate on request, so permissions are answered before the body is validated.
  const auth = { onRequest: app.authenticate };
  const tags = ['jobs'];

  app.get(
    '/api/jobs/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Open jobs newest first; `type` filters, `q` matches title, company or location',
        querystring: jobsQuerySchema,
        response: { 200: jobPageSchema, ...errors },
      },
    },
    async (request) => service.listOpenJobs(app.ctx, request.user, request.query),
  );

  app.post(
    '/api/jobs/',
    {
      ...auth,
      config: { accountRateLimit: 'job' },
      preValidation: async (request) => service.assertCanCreateJob(request.user),
      schema: {
        tags,
        summary: 'Posts a job (alumni and admins)',
        body: createJobRequestSchema,
        response: { 201: jobSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createJob(app.ctx, request.user, request.body)),
  );

  app.get(
    '/api/jobs/mine/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's own job posts, open and closed, newest first",
        querystring: pageQuerySchema,
        response: { 200: jobPageSchema, ...errors },
      },
    },
    async (request) => service.listOwnJobs(app.ctx, request.user, request.query),
  );

  app.get(
    '/api/jobs/:id/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One job, with the alumni at its company who are open to referrals',
        params: idParamsSchema,
        response: { 200: jobDetailSchema, ...errors },
      },
    },
    async (request) => service.getJobDetail(app.ctx, request.user, request.params.id),
  );

  app.patch(
    '/api/jobs/:id/',
    {
      ...auth,
      config: { accountRateLimit: 'jobEdit' },
      schema: {
        tags,
        summary: 'Changes a job (its author or an admin)',
        params: idParamsSchema,
        body: updateJobRequestSchema,
        response: { 200: jobSchema, ...errors },
      },
    },
    async (request) => service.updateJob(app.ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/api/jobs/:id/close/',
    {
      ...auth,
      config: { accountRateLimit: 'jobEdit' },
      schema: { tags, summary: 'Closes a job (its author or an admin)', params: idParamsSchema, response: { 200: jobSchema, ...errors } },
    },
    async (request) => service.setJobStatus(app.ctx, request.user, request.params.id, 'closed'),
  );

  app.post(
    '/api/jobs/:id/reopen/',
    {
      ...auth,
      config: { accountRateLimit: 'jobEdit' },
      schema: { tags, summary: 'Reopens a job (its author or an admin)', params: idParamsSchema, response: { 200: jobSchema, ...errors } },
    },
    async (request) => service.setJobStatus(app.ctx, request.user, request.params.id, 'open'),
  );

  app.get(
    '/api/admin/jobs/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin', ...tags],
        summary: 'Admin: every job (open and closed), newest first',
        querystring: adminJobsQuerySchema,
        response: { 200: jobPageSchema, ...errors },
      },
    },
    async (request) => service.listAllJobs(app.ctx, request.user, request.query),
  );
};
