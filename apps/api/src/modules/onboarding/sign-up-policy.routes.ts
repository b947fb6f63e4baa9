import { errorSchema, signUpPolicyResponseSchema, signUpPolicySchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import * as service from './sign-up-policy.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };
const security = [{ bearerAuth: [] }];

/** Who may sign up themselves: anyone, invited people only, or e-mails of listed domains. */
export const signUpPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  app.get(
    '/api/admin/sign-up-policy/',
    {
      ...access,
      schema: { tags: ['admin'], summary: 'The sign-up policy', security, response: { 200: signUpPolicyResponseSchema, ...errors } },
    },
    async () => service.readSignUpPolicy(app.ctx.db),
  );

  app.put(
    '/api/admin/sign-up-policy/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Sets the sign-up policy: open, invite_only, or domains (with at least one domain)',
        security,
        body: signUpPolicySchema,
        response: { 200: signUpPolicyResponseSchema, ...errors },
      },
    },
    async (request) => service.saveSignUpPolicy(app.ctx, request.user, request.body),
  );

  app.get(
    '/api/sign-up-policy/',
    {
      schema: {
        tags: ['auth'],
        summary: 'The sign-up policy, for the sign-up page (no sign-in)',
        response: { 200: signUpPolicyResponseSchema },
      },
    },
    async () => service.readSignUpPolicy(app.ctx.db),
  );
};
