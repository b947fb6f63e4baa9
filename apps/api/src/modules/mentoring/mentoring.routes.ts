import {
  adminMentoringSchema,
  createMentorshipRequestSchema,
  declineMentorshipRequestSchema,
  errorSchema,
  idParamsSchema,
  mentorPageSchema,
  mentorSchema,
  mentorProfileSchema,
  mentorsQuerySchema,
  mentorshipPageSchema,
  mentorshipSchema,
  mentorshipsQuerySchema,
  updateMentorProfileRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { adminMentoringOverview } from './mentoring-admin';
import * as profiles from './mentoring.service';
import * as mentorships from './mentorships.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const mentoringRoutes: FastifyPluginAsyncZod = async (app) => {
  // accept/cancel/complete take no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);
  const auth = { onRequest: app.authenticate };
  const tags = ['mentoring'];

  app.get(
    '/api/mentoring/profile/',
    { ...auth, schema: { tags, summary: "The caller's mentor card", response: { 200: mentorProfileSchema, ...errors } } },
    async (request) => profiles.getMentorProfile(app.ctx, request.user),
  );

  app.put(
    '/api/mentoring/profile/',
    {
      ...auth,
      config: { accountRateLimit: 'mentoringProfile' },
      preValidation: async (request) => profiles.assertCanBeMentor(request.user),
      schema: {
        tags,
        summary: 'Becomes a mentor or changes the card (alumni and admins)',
        body: updateMentorProfileRequestSchema,
        response: { 200: mentorProfileSchema, ...errors },
      },
    },
    async (request) => profiles.updateMentorProfile(app.ctx, request.user, request.body),
  );

  app.get(
    '/api/mentoring/mentors/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Open mentors (accepting, with a free place), least loaded first; topic and name filters',
        querystring: mentorsQuerySchema,
        response: { 200: mentorPageSchema, ...errors },
      },
    },
    async (request) => profiles.listMentors(app.ctx, request.user, request.query),
  );

  app.get(
    '/api/mentoring/mentors/:id/',
    {
      ...auth,
      schema: {
        tags,
        summary: "Someone's mentor card (the profile's Mentor badge); null unless they mentor and the viewer may see them",
        params: idParamsSchema,
        response: { 200: mentorSchema.nullable(), ...errors },
      },
    },
    async (request) => profiles.getMentor(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/api/mentoring/requests/',
    {
      ...auth,
      config: { accountRateLimit: 'mentoringRequest' },
      schema: {
        tags,
        summary: 'Asks a mentor for mentoring on a topic',
        body: createMentorshipRequestSchema,
        response: { 201: mentorshipSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await mentorships.requestMentorship(app.ctx, request.user, request.body)),
  );

  app.get(
    '/api/mentoring/requests/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's mentorships (as mentor, mentee or both), newest first",
        querystring: mentorshipsQuerySchema,
        response: { 200: mentorshipPageSchema, ...errors },
      },
    },
    async (request) => mentorships.listMentorships(app.ctx, request.user, request.query),
  );

  const step = { ...auth, config: { accountRateLimit: 'mentoringStep' as const } };

  app.post(
    '/api/mentoring/requests/:id/accept/',
    {
      ...step,
      schema: {
        tags,
        summary: 'Accepts a pending request (its mentor); opens the conversation of the two',
        params: idParamsSchema,
        response: { 200: mentorshipSchema, ...errors },
      },
    },
    async (request) => mentorships.acceptMentorship(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/api/mentoring/requests/:id/decline/',
    {
      ...step,
      schema: {
        tags,
        summary: 'Declines a pending request (its mentor), with an optional reason',
        params: idParamsSchema,
        body: declineMentorshipRequestSchema,
        response: { 200: mentorshipSchema, ...errors },
      },
    },
    async (request) => mentorships.declineMentorship(app.ctx, request.user, request.params.id, request.body.reason),
  );

  app.post(
    '/api/mentoring/requests/:id/cancel/',
    {
      ...step,
      schema: {
        tags,
        summary: 'Withdraws a pending request (its mentee)',
        params: idParamsSchema,
        response: { 200: mentorshipSchema, ...errors },
      },
    },
    async (request) => mentorships.cancelMentorship(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/api/mentoring/requests/:id/complete/',
    {
      ...step,
      schema: {
        tags,
        summary: 'Marks an active mentorship complete (either person)',
        params: idParamsSchema,
        response: { 200: mentorshipSchema, ...errors },
      },
    },
    async (request) => mentorships.completeMentorship(app.ctx, request.user, request.params.id),
  );

  app.get(
    '/api/admin/mentoring/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin', ...tags],
        summary: 'Admin: mentorships by status, the most asked-for topics, mentors by load',
        response: { 200: adminMentoringSchema, ...errors },
      },
    },
    async () => adminMentoringOverview(app.ctx),
  );
};
