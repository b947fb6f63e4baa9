import {
  adminReferralsQuerySchema,
  createReferralRequestSchema,
  errorSchema,
  idParamsSchema,
  pageQuerySchema,
  referralPageSchema,
  referralSchema,
  userSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import * as service from './referrals.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Actions (close, join, ...) take no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);
  // Authenticate on request, so permissions are answered before the body is validated.
  const auth = { onRequest: app.authenticate };
  const tags = ['referrals'];

  app.get(
    '/api/referral-user/',
    { ...auth, schema: { tags, summary: 'The signed-in person, for the referral page', response: { 200: userSchema, ...errors } } },
    async (request) => service.getReferralUser(app.ctx, request.user),
  );

  app.post(
    '/api/referrals/create/',
    {
      ...auth,
      config: { accountRateLimit: 'referral' },
      preValidation: async (request) => service.assertCanCreateReferral(request.user),
      schema: {
        tags,
        summary: 'Offers a referral (alumni only)',
        body: createReferralRequestSchema,
        response: { 201: referralSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createReferral(app.ctx, request.user, request.body)),
  );

  app.get(
    '/api/referrals/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Open referrals, newest first',
        querystring: pageQuerySchema,
        response: { 200: referralPageSchema, ...errors },
      },
    },
    async (request) => service.listOpenReferrals(app.ctx, request.user, request.query),
  );

  app.get(
    '/api/referrals/mine/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's own referrals, open and closed, newest first",
        querystring: pageQuerySchema,
        response: { 200: referralPageSchema, ...errors },
      },
    },
    async (request) => service.listOwnReferrals(app.ctx, request.user, request.query),
  );

  app.post(
    '/api/referrals/:id/close/',
    {
      ...auth,
      config: { accountRateLimit: 'referralEdit' },
      schema: {
        tags,
        summary: 'Marks a referral done (its alumnus or an admin)',
        params: idParamsSchema,
        response: { 200: referralSchema, ...errors },
      },
    },
    async (request) => service.setReferralStatus(app.ctx, request.user, request.params.id, 'closed'),
  );

  app.post(
    '/api/referrals/:id/reopen/',
    {
      ...auth,
      config: { accountRateLimit: 'referralEdit' },
      schema: { tags, summary: 'Reopens a referral (its alumnus)', params: idParamsSchema, response: { 200: referralSchema, ...errors } },
    },
    async (request) => service.setReferralStatus(app.ctx, request.user, request.params.id, 'open'),
  );

  app.get(
    '/api/admin/referrals/',
    {
      ...adminOnly(app),
      schema: {
        tags: ['admin', ...tags],
        summary: 'Admin: every referral (or one status), newest first',
        querystring: adminReferralsQuerySchema,
        response: { 200: referralPageSchema, ...errors },
      },
    },
    async (request) => service.listAllReferrals(app.ctx, request.user, request.query),
  );
};
