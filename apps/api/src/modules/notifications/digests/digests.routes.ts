import {
  errorSchema,
  runDigestsRequestSchema,
  runDigestsResponseSchema,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../../lib/auth';
import { badRequestSchema } from '../../../lib/validation';
import { runDigestsNow } from './run-digests.service';
import { describeUnsubscribe, unsubscribe } from './unsubscribe.service';

/** Digests (the admin run; the scheduler is digest.scheduler.ts) and the sign-in-free unsubscribe links they carry. */
export const digestsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client address: the links are unguessable, this only keeps scripts from hammering. One
  // object per app (the rate-limit plugin scales it in place by RATE_LIMIT_MULTIPLIER).
  const unsubscribeLimit = { max: 60, timeWindow: 60_000 };

  // Mail clients send the RFC 8058 one-click POST as a form (List-Unsubscribe=One-Click); the
  // token is in the URL, so the body is read and ignored. Only this plugin accepts forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.get(
    '/api/unsubscribe/',
    {
      config: { rateLimit: unsubscribeLimit },
      schema: {
        tags: ['notifications'],
        summary: 'What an e-mail unsubscribe link stops (no sign-in; changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeInfoSchema, 400: badRequestSchema },
      },
    },
    async (request) => describeUnsubscribe(app.ctx, request.query.token),
  );

  app.post(
    '/api/unsubscribe/',
    {
      config: { rateLimit: unsubscribeLimit },
      schema: {
        tags: ['notifications'],
        summary: 'One-click unsubscribe (RFC 8058, no sign-in): e-mail off for the link’s types',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeInfoSchema, 400: badRequestSchema },
      },
    },
    async (request) => unsubscribe(app.ctx, request.query.token),
  );

  app.post(
    '/api/admin/digests/run/',
    {
      ...adminOnly(app),
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Sends the due daily or weekly digests now → {sent}',
        security: [{ bearerAuth: [] }],
        body: runDigestsRequestSchema,
        response: { 200: runDigestsResponseSchema, 400: badRequestSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => runDigestsNow(app.ctx, request.user, request.body.frequency),
  );
};
