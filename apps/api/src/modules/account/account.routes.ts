import {
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  confirmEmailChangeRequestSchema,
  confirmEmailChangeResponseSchema,
  deleteAccountRequestSchema,
  errorSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authRateLimit } from '../../lib/rate-limits';
import { badRequestSchema } from '../../lib/validation';
import { deleteOwnAccount } from './account-deletion.service';
import { changePassword, confirmEmailChange, requestEmailChange } from './account.service';

const TAGS = ['account'];
const security = [{ bearerAuth: [] }];
const errors = { 400: badRequestSchema, 401: errorSchema, 429: errorSchema } as const;

/** "Sign-in and security": changing the password and the e-mail, both behind the current password. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = {
    password: authRateLimit(app, 'passwordChange'),
    email: authRateLimit(app, 'emailChange'),
    confirm: authRateLimit(app, 'emailConfirm'),
  };

  app.post(
    '/api/account/password/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'credentials' },
      preHandler: limits.password,
      schema: {
        tags: TAGS,
        summary: 'Change your password (current password required); signs out every session and answers fresh tokens',
        security,
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, ...errors },
      },
    },
    async (request) => changePassword(app.ctx, request.user, request.body),
  );

  app.post(
    '/api/account/email/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'credentials' },
      preHandler: limits.email,
      schema: {
        tags: TAGS,
        summary: 'Start an e-mail change (current password required): a 6-digit code goes to the new address',
        security,
        body: changeEmailRequestSchema,
        response: { 200: changeEmailResponseSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => requestEmailChange(app.ctx, request.user, request.body),
  );

  app.post(
    '/api/account/email/confirm/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'credentials' },
      preHandler: limits.confirm,
      schema: {
        tags: TAGS,
        summary: 'Confirm the e-mail change with the code sent to the new address; the old address is told',
        security,
        body: confirmEmailChangeRequestSchema,
        response: { 200: confirmEmailChangeResponseSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => confirmEmailChange(app.ctx, request.user, request.body.otp),
  );

  app.delete(
    '/api/account/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'accountDelete' },
      schema: {
        tags: TAGS,
        summary: 'Delete your account for good (password required): content, media and exports go, sign-in stops at once',
        security,
        body: deleteAccountRequestSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteOwnAccount(app.ctx, request.user, request.body.password);
      return reply.status(204).send(null);
    },
  );
};
