import { errorSchema, loginResponseSchema, ssoExchangeRequestSchema, ssoStatusSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimitKeyOf } from '../../lib/client-address';
import { authRateLimit } from '../../lib/rate-limits';
import { badRequestSchema } from '../../lib/validation';
import { stateCookieHeader, stateCookieOf } from './sign-in-state-cookie';
import { exchangeSsoCode, finishSsoSignIn, startSsoSignIn } from './sso-sign-in.service';

const TAGS = ['auth'];

/**
 * Single sign-on with OpenID Connect (DESIGN 9.1). GET /api/auth/oidc/ always answers; the three
 * routes of a sign-in exist only when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set
 * (404 otherwise).
 */
export const singleSignOnRoutes: FastifyPluginAsyncZod = async (app) => {
  const oidc = app.config.oidc;

  app.get(
    '/api/auth/oidc/',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether single sign-on is on, and the text of its button (no sign-in)',
        response: { 200: ssoStatusSchema },
      },
    },
    async () => ({ enabled: oidc !== null, label: oidc?.label ?? null }),
  );
  if (!oidc) return;

  const secureCookie = app.config.publicUrl.startsWith('https:');
  const loginPage = (query: string) => `${app.config.publicUrl}/login${query}`;
  const redirectLimit = authRateLimit(app, 'ssoRedirect');

  app.get(
    '/api/auth/oidc/start/',
    {
      preHandler: redirectLimit,
      schema: { tags: TAGS, summary: "302 to the provider's sign-in (authorization code with PKCE, state and nonce)" },
    },
    async (request, reply) => {
      try {
        const { location, sealed } = await startSsoSignIn(app.ctx, oidc);
        return await reply
          .header('set-cookie', stateCookieHeader(sealed, secureCookie))
          .header('cache-control', 'no-store')
          .redirect(location);
      } catch (error) {
        request.log.error({ err: error }, 'single sign-on: the provider could not be reached');
        return reply.redirect(loginPage('?sso_error=failed'));
      }
    },
  );

  app.get(
    '/api/auth/oidc/callback/',
    {
      preHandler: redirectLimit,
      schema: {
        tags: TAGS,
        summary: 'Where the provider sends the browser back: 302 to /login/sso?code=… (a one-time code), or to /login?sso_error=…',
      },
    },
    async (request, reply) => {
      const query = request.raw.url?.split('?')[1] ?? '';
      const outcome = await finishSsoSignIn(app.ctx, oidc, { query, sealedState: stateCookieOf(request.headers.cookie) });
      // The state is spent either way.
      void reply.header('set-cookie', stateCookieHeader(null, secureCookie)).header('cache-control', 'no-store');
      if ('code' in outcome) return reply.redirect(`${app.config.publicUrl}/login/sso?code=${encodeURIComponent(outcome.code)}`);
      return reply.redirect(loginPage(`?sso_error=${outcome.error}`));
    },
  );

  app.post(
    '/api/auth/oidc/exchange/',
    {
      preHandler: authRateLimit(app, 'ssoExchange'),
      schema: {
        tags: TAGS,
        summary: "The callback's one-time code → {access, refresh} (or a two-factor challenge, as POST /api/token/); once, within a minute",
        body: ssoExchangeRequestSchema,
        response: { 200: loginResponseSchema, 400: badRequestSchema, 429: errorSchema },
      },
    },
    async (request) => exchangeSsoCode(app.ctx, request.body.code, rateLimitKeyOf(request.ip)),
  );
};
