import {
  AUTH_MESSAGES,
  detailSchema,
  emailRequestSchema,
  errorSchema,
  fieldErrorsSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  verifyTwoFactorRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rateLimitKeyOf } from '../../lib/client-address';
import { authRateLimit } from '../../lib/rate-limits';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { register, resetPassword, sendCodeIfAccountExists, verifyEmail } from './registration.service';
import { logout, refreshTokens, signIn } from './sessions.service';
import { completeTwoFactorSignIn } from './two-factor.service';

const badRequestSchema = z.union([fieldErrorsSchema, errorSchema]);
const errors = { 400: badRequestSchema, 429: errorSchema } as const;
const TAGS = ['auth'];

/** The specification shows these under /users/... and without the prefix: both are served. */
const withAlias = (path: string) => [`/users${path}`, path];

/** Accounts: registration with e-mailed codes, sign-in, token rotation, logout, password reset. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // One limiter per action, shared by a route's aliases (they count together).
  const limits = {
    token: authRateLimit(app, 'token'),
    refresh: authRateLimit(app, 'refresh'),
    register: authRateLimit(app, 'register'),
    verify: authRateLimit(app, 'verify'),
    resend: authRateLimit(app, 'resend'),
    forgot: authRateLimit(app, 'forgot'),
    reset: authRateLimit(app, 'reset'),
    twoFactor: authRateLimit(app, 'twoFactor'),
  };

  for (const path of withAlias('/register/')) {
    app.post(
      path,
      {
        preHandler: limits.register,
        schema: {
          tags: TAGS,
          summary:
            'Create an unverified account and e-mail a 6-digit code (403 invite_only or domain_not_allowed under the sign-up policy)',
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, ...errors, 403: errorSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await register(app.ctx, request.body)),
    );
  }

  for (const path of withAlias('/verify-otp/')) {
    app.post(
      path,
      {
        preHandler: limits.verify,
        schema: {
          tags: TAGS,
          summary: 'Verify the e-mail with its code; signs the person in',
          body: verifyOtpRequestSchema,
          response: { 200: verifyOtpResponseSchema, ...errors },
        },
      },
      async (request) => verifyEmail(app.ctx, request.body),
    );
  }

  for (const path of withAlias('/resend-verification/')) {
    app.post(
      path,
      {
        preHandler: limits.resend,
        schema: {
          tags: TAGS,
          summary: 'Send a new verification code (same answer whether or not the e-mail exists)',
          body: emailRequestSchema,
          response: { 200: detailSchema, ...errors },
        },
      },
      async (request) => sendCodeIfAccountExists(app.ctx, request.body.email, 'verify'),
    );
  }

  for (const path of withAlias('/forgot-password/')) {
    app.post(
      path,
      {
        preHandler: limits.forgot,
        schema: {
          tags: TAGS,
          summary: 'E-mail a password reset code (same answer whether or not the e-mail exists)',
          body: emailRequestSchema,
          response: { 200: detailSchema, ...errors },
        },
      },
      async (request) => sendCodeIfAccountExists(app.ctx, request.body.email, 'reset'),
    );
  }

  for (const path of withAlias('/reset-password/')) {
    app.post(
      path,
      {
        preHandler: limits.reset,
        schema: {
          tags: TAGS,
          summary: 'Set a new password with a reset code; signs out every session',
          body: resetPasswordRequestSchema,
          response: { 200: detailSchema, ...errors },
        },
      },
      async (request) => resetPassword(app.ctx, request.body, rateLimitKeyOf(request.ip)),
    );
  }

  app.post(
    '/api/token/',
    {
      preHandler: limits.token,
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password; with two-factor on, answers a challenge and e-mails a code',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 401: errorSchema, 403: errorSchema, ...errors },
      },
    },
    // The address as rate limits see it: an IPv6 client by its /64.
    async (request) => signIn(app.ctx, { ...request.body, address: rateLimitKeyOf(request.ip) }),
  );

  app.post(
    '/api/token/verify-2fa/',
    {
      // Per IP only: a per-e-mail limit would let anyone block the owner. The code's 5 tries
      // can only be spent with the challenge of a sign-in that gave the right password.
      preHandler: limits.twoFactor,
      schema: {
        tags: TAGS,
        summary: "Second step of a two-factor sign-in: the sign-in's challenge and the e-mailed code → {access, refresh}",
        body: verifyTwoFactorRequestSchema,
        response: { 200: tokenPairSchema, 401: errorSchema, ...errors },
      },
    },
    async (request) => completeTwoFactorSignIn(app.ctx, { ...request.body, address: rateLimitKeyOf(request.ip) }),
  );

  app.post(
    '/api/token/refresh/',
    {
      preHandler: limits.refresh,
      schema: {
        tags: TAGS,
        summary: 'Rotate the refresh token; a reused token revokes its family',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, 401: errorSchema, ...errors },
      },
    },
    async (request) => refreshTokens(app.ctx, request.body.refresh),
  );

  // Logout accepts an empty body (clients often POST nothing with a JSON content type).
  await app.register(async (plainScope) => {
    acceptEmptyJsonBody(plainScope);
    const scope = plainScope.withTypeProvider<ZodTypeProvider>();
    scope.post(
      '/api/auth/logout/',
      {
        onRequest: scope.authenticate,
        config: { accountRateLimit: 'logout' },
        schema: {
          tags: TAGS,
          summary: "Revoke the given refresh token's family, or every session without one",
          security: [{ bearerAuth: [] }],
          body: logoutRequestSchema,
          response: { 200: detailSchema, 401: errorSchema, 400: badRequestSchema },
        },
      },
      async (request) => {
        await logout(app.ctx, request.user, request.body.refresh);
        return { detail: AUTH_MESSAGES.loggedOut };
      },
    );
  });
};
