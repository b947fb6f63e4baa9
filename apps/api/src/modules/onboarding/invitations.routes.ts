import {
  acceptInvitationRequestSchema,
  createInvitationRequestSchema,
  errorSchema,
  idParamsSchema,
  invitationPageSchema,
  invitationSchema,
  invitationsQuerySchema,
  invitationTokenParamsSchema,
  publicInvitationSchema,
  tokenPairSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { authRateLimit } from '../../lib/rate-limits';
import { badRequestSchema } from '../../lib/validation';
import * as service from './invitations.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };
const security = [{ bearerAuth: [] }];

/** Invitations (DESIGN 9.1): administrators invite and manage; the link's holder reads and accepts without signing in. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.post(
    '/api/admin/invitations/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Invites someone by e-mail with a role (and a cohort); the link is valid 14 days',
        security,
        body: createInvitationRequestSchema,
        response: { 201: invitationSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createInvitation(app.ctx, request.user, request.body)),
  );

  app.get(
    '/api/admin/invitations/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'Invitations newest first, optionally of one status (pending, accepted, expired, revoked)',
        security,
        querystring: invitationsQuerySchema,
        response: { 200: invitationPageSchema, ...errors },
      },
    },
    async (request) => service.listInvitations(app.ctx, request.query),
  );

  for (const action of ['resend', 'revoke'] as const) {
    app.post(
      `/api/admin/invitations/:id/${action}/`,
      {
        ...access,
        config: { accountRateLimit: 'admin' },
        schema: {
          tags: ['admin'],
          summary:
            action === 'resend'
              ? 'E-mails a pending or expired invitation again with a new link (the old one stops working)'
              : 'Revokes a pending or expired invitation (its link stops working)',
          security,
          params: idParamsSchema,
          response: { 200: invitationSchema, 404: errorSchema, 409: errorSchema, ...errors },
        },
      },
      async (request) => service.changeInvitation(app.ctx, request.user, request.params.id, action),
    );
  }

  app.get(
    '/api/invitations/:token/',
    {
      preHandler: authRateLimit(app, 'invitation'),
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for (no sign-in); 410 invitation_gone once used, revoked or expired',
        params: invitationTokenParamsSchema,
        response: { 200: publicInvitationSchema, 400: badRequestSchema, 410: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.readInvitation(app.ctx, request.params.token),
  );

  app.post(
    '/api/invitations/:token/accept/',
    {
      preHandler: authRateLimit(app, 'invitationAccept'),
      schema: {
        tags: ['auth'],
        summary: 'Accepts an invitation with a password: the account is created, verified, with its role and cohort, and signed in',
        params: invitationTokenParamsSchema,
        body: acceptInvitationRequestSchema,
        response: { 200: tokenPairSchema, 400: badRequestSchema, 409: errorSchema, 410: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.acceptInvitation(app.ctx, request.params.token, request.body),
  );
};
