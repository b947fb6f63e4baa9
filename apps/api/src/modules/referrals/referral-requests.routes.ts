import {
  askReferralSchema,
  errorSchema,
  idParamsSchema,
  moveReferralRequestSchema,
  pageQuerySchema,
  referralRequestDetailSchema,
  referralRequestPageSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { writeAnswersOf } from '../../lib/response-serializer';
import { writeReferralRequestPage } from './referral-requests.serializer';
import * as service from './referral-requests.service';

// The three pages of requests below are written by JSON.stringify (referral-requests.serializer.ts).
writeAnswersOf(referralRequestPageSchema, () => writeReferralRequestPage);

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const conflicts = { ...errors, 409: errorSchema };

/** The referral pipeline (DESIGN 8.2): requests on referral offers and their moves. */
export const referralRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  // withdraw/ takes no body; clients may still send an empty JSON one.
  acceptEmptyJsonBody(app);
  const auth = { onRequest: app.authenticate };
  const tags = ['referrals'];

  app.post(
    '/api/referrals/:id/requests/',
    {
      ...auth,
      config: { accountRateLimit: 'referralRequest' },
      schema: {
        tags,
        summary: 'Asks the alumnus for a referral on their open offer (one active request per person and offer)',
        params: idParamsSchema,
        body: askReferralSchema,
        response: { 201: referralRequestDetailSchema, ...conflicts },
      },
    },
    async (request, reply) => reply.status(201).send(await service.askForReferral(app.ctx, request.user, request.params.id, request.body)),
  );

  app.get(
    '/api/referrals/:id/requests/',
    {
      ...auth,
      schema: {
        tags,
        summary: "An offer's requests, newest first (its alumnus, admins)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: referralRequestPageSchema, ...errors },
      },
    },
    async (request) => service.listRequestsOfReferral(app.ctx, request.user, request.params.id, request.query),
  );

  app.get(
    '/api/referral-requests/mine/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The caller's referral requests, newest first",
        querystring: pageQuerySchema,
        response: { 200: referralRequestPageSchema, ...errors },
      },
    },
    async (request) => service.listOwnRequests(app.ctx, request.user, request.query),
  );

  app.get(
    '/api/referral-requests/received/',
    {
      ...auth,
      schema: {
        tags,
        summary: "The requests on all of the caller's offers, newest first (alumni)",
        querystring: pageQuerySchema,
        response: { 200: referralRequestPageSchema, ...errors },
      },
    },
    async (request) => service.listReceivedRequests(app.ctx, request.user, request.query),
  );

  app.get(
    '/api/referral-requests/:id/',
    {
      ...auth,
      schema: {
        tags,
        summary: 'One request with its history, oldest first (requester, alumnus, admins)',
        params: idParamsSchema,
        response: { 200: referralRequestDetailSchema, ...errors },
      },
    },
    async (request) => service.getReferralRequest(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/api/referral-requests/:id/status/',
    {
      ...auth,
      config: { accountRateLimit: 'referralRequestMove' },
      preValidation: async (request) =>
        service.assertCanMoveReferralRequest(app.ctx, request.user, (request.params as { id?: unknown }).id),
      schema: {
        tags,
        summary:
          'Moves a request along (the alumnus): requested → referred | declined; referred → interviewing | hired | not_selected; interviewing → hired | not_selected',
        params: idParamsSchema,
        body: moveReferralRequestSchema,
        response: { 200: referralRequestDetailSchema, ...conflicts },
      },
    },
    async (request) => service.moveReferralRequest(app.ctx, request.user, request.params.id, request.body),
  );

  app.post(
    '/api/referral-requests/:id/withdraw/',
    {
      ...auth,
      config: { accountRateLimit: 'referralRequestMove' },
      schema: {
        tags,
        summary: 'Withdraws a request while it is still requested (the requester)',
        params: idParamsSchema,
        response: { 200: referralRequestDetailSchema, ...conflicts },
      },
    },
    async (request) => service.withdrawReferralRequest(app.ctx, request.user, request.params.id),
  );
};
