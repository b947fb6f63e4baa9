import rateLimit from '@fastify/rate-limit';
import { errorSchema } from '@alumlink/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';
import { rateLimitKeyOf } from './client-address';
import { failoverStore } from './rate-limit-store';
import { tooManyRequests, unauthorized } from './errors';

export { rateLimitFallback } from './rate-limit-store';

/**
 * Rate limits of the account endpoints (docs/security.md). Each is counted per client IP and,
 * where the body names an e-mail, per lower-cased e-mail too, so neither one address nor one
 * IP can hammer an account. The windows are fixed; RATE_LIMIT_MULTIPLIER scales every maximum.
 *
 * | name     | route(s)                          | per IP         | per e-mail     |
 * |----------|-----------------------------------|----------------|----------------|
 * | token    | POST /api/token/                  | 10 / 1 min     | – (below)      |
 * | refresh  | POST /api/token/refresh/          | 30 / 1 min     | –              |
 * | register | POST /users/register/             | 10 / 15 min    | 5 / 15 min     |
 * | verify   | POST /users/verify-otp/           | 20 / 15 min    | 10 / 15 min    |
 * | twoFactor | POST /api/token/verify-2fa/      | 20 / 15 min    | – (below)      |
 * | resend   | POST /users/resend-verification/  | 10 / 15 min    | 3 / 15 min     |
 * | forgot   | POST /users/forgot-password/      | 10 / 15 min    | – (below)      |
 * | reset    | POST /users/reset-password/       | 10 / 15 min    | – (below)      |
 * | passwordChange | POST /api/account/password/  | 10 / 15 min    | –              |
 * | emailChange    | POST /api/account/email/     | 10 / 15 min    | –              |
 * | emailConfirm   | POST /api/account/email/confirm/ | 20 / 15 min | –              |
 * | ssoRedirect    | GET /api/auth/oidc/start/, callback/ | 30 / 1 min | –             |
 * | ssoExchange    | POST /api/auth/oidc/exchange/    | 10 / 1 min     | –              |
 *
 * On top of these: a code dies after 5 wrong tries and a new code is sent at most once a
 * minute per person and purpose (modules/auth/one-time-codes.ts). Sign-in has no fixed per-e-mail limit
 * (anyone could lock the owner out with it): failures throttle the account (SIGN_IN_THROTTLE).
 * Nor has the two-factor step: its code's tries are spent only with the challenge that sign-in
 * with the right password answered (modules/auth/two-factor.service.ts). Nor has password
 * reset: a per-e-mail limit would let anyone stop the owner getting or using a code. The
 * cooldown caps the e-mails forgot-password sends, and reset codes' wrong tries count per client
 * address (RESET_CODE_TRIES, modules/auth/one-time-codes.ts).
 */
export const AUTH_RATE_LIMITS = {
  token: { ip: { max: 10, windowSeconds: 60 } },
  refresh: { ip: { max: 30, windowSeconds: 60 } },
  register: { ip: { max: 10, windowSeconds: 900 }, email: { max: 5, windowSeconds: 900 } },
  verify: { ip: { max: 20, windowSeconds: 900 }, email: { max: 10, windowSeconds: 900 } },
  twoFactor: { ip: { max: 20, windowSeconds: 900 } },
  resend: { ip: { max: 10, windowSeconds: 900 }, email: { max: 3, windowSeconds: 900 } },
  forgot: { ip: { max: 10, windowSeconds: 900 } },
  reset: { ip: { max: 10, windowSeconds: 900 } },
  // Signed-in routes: the body names no e-mail (the current password is checked; codes die after 5 wrong tries).
  passwordChange: { ip: { max: 10, windowSeconds: 900 } },
  emailChange: { ip: { max: 10, windowSeconds: 900 } },
  emailConfirm: { ip: { max: 20, windowSeconds: 900 } },
  // Invitation links (no sign-in): reading one, and accepting (sets a password).
  invitation: { ip: { max: 60, windowSeconds: 900 } },
  invitationAccept: { ip: { max: 10, windowSeconds: 900 } },
  // Single sign-on (modules/single-sign-on): starting one and coming back, and the code's exchange (like sign-in).
  ssoRedirect: { ip: { max: 30, windowSeconds: 60 } },
  ssoExchange: { ip: { max: 10, windowSeconds: 60 } },
} as const satisfies Record<string, { ip: RateLimit; email?: RateLimit }>;

export type RateLimit = { max: number; windowSeconds: number };

/**
 * Sign-in failures per account (modules/auth/sign-in-throttle.service.ts), instead of a fixed
 * per-e-mail limit that would let anyone lock the owner out. After `freeFailures` failures
 * (scaled by RATE_LIMIT_MULTIPLIER) the account is throttled for `firstDelaySeconds`, doubling
 * with each further failure up to `maxDelaySeconds`; while throttled, a password is checked only
 * from an address that signed in to the account within `knownAddressDays`, or with the unlock
 * code e-mailed at most once per `unlockMailSeconds`. Failures are forgotten
 * `forgetAfterSeconds` after the last one, and at once on a correct password.
 */
export const SIGN_IN_THROTTLE = {
  freeFailures: 5,
  firstDelaySeconds: 30,
  maxDelaySeconds: 3600,
  forgetAfterSeconds: 24 * 3600,
  knownAddressDays: 90,
  unlockMailSeconds: 600,
} as const;
export type AuthRateLimitName = keyof typeof AUTH_RATE_LIMITS;

const MINUTE = 60;
const HOUR = 3600;

/**
 * Per-person limits of every authenticated write (docs/security.md), counted by the signed-in
 * person's id, whatever the IP, in @fastify/rate-limit's store (Redis when configured, so they
 * hold across instances). A route declares its limit with `config: { accountRateLimit: '<name>' }`;
 * aliases and related routes share a name and count together. Fixed windows; the numbers are
 * several times what a heavy real user does. quality/account-rate-limits.test.ts fails for an
 * authenticated write route that has none.
 */
export const ACCOUNT_RATE_LIMITS = {
  /** POST /social/posts/ (an image upload each) */
  post: { max: 30, windowSeconds: HOUR },
  /** DELETE /social/posts/{id}/ */
  postDelete: { max: 60, windowSeconds: HOUR },
  /** PATCH /social/posts/{id}/ and PATCH /social/posts/{id}/comments/{comment_id}/ (the author's edits) */
  textEdit: { max: 120, windowSeconds: HOUR },
  /** POST /social/posts/{id}/like/ (like and unlike) */
  like: { max: 300, windowSeconds: HOUR },
  /** POST /social/posts/{id}/comment/ */
  comment: { max: 120, windowSeconds: HOUR },
  /** POST /social/posts/{id}/report/ */
  report: { max: 30, windowSeconds: HOUR },
  /** POST /social/moderation/{id}/appeal/ */
  appeal: { max: 10, windowSeconds: HOUR },
  /** POST /social/conversations/{id}/send_message/ */
  message: { max: 120, windowSeconds: MINUTE },
  /** POST /social/conversations/start_conversation/ */
  conversation: { max: 60, windowSeconds: HOUR },
  /** PUT /social/(user-)profiles/update-me/ (may carry an image upload) */
  profile: { max: 60, windowSeconds: HOUR },
  /** PUT /social/settings/ */
  settings: { max: 120, windowSeconds: HOUR },
  /** POST /api/account/password/, email/ and email/confirm/ (each also limited per IP) */
  credentials: { max: 20, windowSeconds: HOUR },
  /** POST /api/account/export/ (the once-a-day rule is the real limit; this bounds its 429s) */
  dataExport: { max: 10, windowSeconds: HOUR },
  /** POST /api/account/export/{id}/ticket/ (one per download click) */
  dataExportTicket: { max: 60, windowSeconds: HOUR },
  /** DELETE /api/account/ (each try checks the password) */
  accountDelete: { max: 10, windowSeconds: HOUR },
  /** POST /social/notifications/read/ */
  notificationsRead: { max: 600, windowSeconds: HOUR },
  /** POST /api/communities/{slug}/join/ and leave/ */
  communityMembership: { max: 60, windowSeconds: HOUR },
  /** POST and DELETE /api/events/{id}/register/ */
  eventRegistration: { max: 60, windowSeconds: HOUR },
  /** POST /api/events/{id}/discussion/ */
  eventDiscussion: { max: 30, windowSeconds: MINUTE },
  /** POST /api/events/{id}/check-in/ (a host at the door checks in a crowd) */
  eventCheckIn: { max: 1_000, windowSeconds: HOUR },
  /** POST /api/jobs/ */
  job: { max: 20, windowSeconds: HOUR },
  /** PATCH /api/jobs/{id}/, POST close/ and reopen/ */
  jobEdit: { max: 120, windowSeconds: HOUR },
  /** POST /api/referrals/create/ */
  referral: { max: 20, windowSeconds: HOUR },
  /** POST /api/referrals/{id}/close/ and reopen/ */
  referralEdit: { max: 120, windowSeconds: HOUR },
  /** PUT /api/mentoring/profile/ */
  mentoringProfile: { max: 60, windowSeconds: HOUR },
  /** POST /api/mentoring/requests/ */
  mentoringRequest: { max: 20, windowSeconds: HOUR },
  /** POST /api/mentoring/requests/{id}/accept/, decline/, cancel/ and complete/ */
  mentoringStep: { max: 120, windowSeconds: HOUR },
  /** POST /api/referrals/{id}/requests/ */
  referralRequest: { max: 30, windowSeconds: HOUR },
  /** POST /api/referral-requests/{id}/status/ and withdraw/ */
  referralRequestMove: { max: 300, windowSeconds: HOUR },
  /** Administration writes: roles, user and post deletion, report dismissals, appeal decisions, event creation and changes */
  admin: { max: 600, windowSeconds: HOUR },
  /** POST /api/auth/logout/ */
  logout: { max: 60, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

export type AccountRateLimitName = keyof typeof ACCOUNT_RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The per-person limit (ACCOUNT_RATE_LIMITS) of an authenticated write route. Its check is
     * appended to the route's onRequest hooks, after `app.authenticate`, so it runs before the
     * body (or an upload) is read and counts refused requests too.
     */
    accountRateLimit?: AccountRateLimitName;
  }
}

/** The 429 every limiter answers (with a Retry-After header of the same seconds). */
export const rateLimited = (seconds: number) =>
  tooManyRequests(`Too many requests. Try again in ${Math.max(1, seconds)} seconds.`, 'rate_limited');

/** A maximum scaled by RATE_LIMIT_MULTIPLIER (never below 1). */
export function scaledMax(config: Pick<AppConfig, 'rateLimitMultiplier'>, max: number): number {
  return Math.max(1, Math.round(max * config.rateLimitMultiplier));
}

/**
 * Registers @fastify/rate-limit, opt-in per route (`config: { rateLimit: { max, timeWindow } }`),
 * with the Redis store when REDIS_URL is set. While Redis is unreachable each instance counts
 * in its own memory (fails closed, lib/rate-limit-store.ts).
 */
export async function registerRateLimits(app: FastifyInstance, config: AppConfig): Promise<void> {
  // No offline queue and a short command timeout: a limit check never waits for Redis, it falls back.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1000 })
    : null;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  // Runs before the plugin's own onRoute hook: scales per-route maxima by the multiplier
  // (once per config object, as aliases of a route may share one).
  const scaled = new WeakSet<object>();
  app.addHook('onRoute', (routeOptions) => {
    const routeLimit: unknown = routeOptions.config?.rateLimit;
    if (routeLimit && typeof routeLimit === 'object' && 'max' in routeLimit && typeof routeLimit.max === 'number') {
      if (scaled.has(routeLimit)) return;
      scaled.add(routeLimit);
      routeLimit.max = scaledMax(config, routeLimit.max);
    }
  });
  await app.register(rateLimit, {
    global: false,
    // Redis errors never reach the plugin (the store falls back to memory): nothing is skipped.
    skipOnError: false,
    // IPv6 clients per /64, IPv4-mapped addresses as IPv4 (lib/client-address.ts).
    keyGenerator: (request) => rateLimitKeyOf(request.ip),
    ...(redis ? { store: failoverStore(redis, app.log, config.rateLimitNamespace) } : {}),
    errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
  });
  addAccountRateLimits(app);
}

/** Wires `config.accountRateLimit` of each route to its limiter (one per name, shared by aliases). */
function addAccountRateLimits(app: FastifyInstance): void {
  const limiters = new Map<AccountRateLimitName, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  const limiterFor = (name: AccountRateLimitName) => {
    const existing = limiters.get(name);
    if (existing) return existing;
    const limit: RateLimit = ACCOUNT_RATE_LIMITS[name];
    const limiter = app.createRateLimit({
      max: scaledMax(app.config, limit.max),
      timeWindow: limit.windowSeconds * 1000,
      keyGenerator: (request) => `account:${name}:${request.user.id}`,
    });
    const hook = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      // Declared on a route without app.authenticate before it: refuse rather than count nobody.
      if (!request.user) throw unauthorized();
      await enforce(limiter, request, reply);
    };
    limiters.set(name, hook);
    return hook;
  };
  app.addHook('onRoute', (routeOptions) => {
    const name = routeOptions.config?.accountRateLimit;
    if (!name) return;
    const before = routeOptions.onRequest;
    routeOptions.onRequest = [...(Array.isArray(before) ? before : before ? [before] : []), limiterFor(name)];
    const response: unknown = routeOptions.schema?.response;
    if (response && typeof response === 'object' && !(429 in response)) Object.assign(response, { 429: errorSchema });
  });
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function emailOfBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('email' in body)) return null;
  const email = body.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : null;
}

async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', String(seconds));
  throw rateLimited(seconds);
}

/**
 * preHandler enforcing one of AUTH_RATE_LIMITS: per IP, then per body e-mail (the body is
 * already validated there). Shares @fastify/rate-limit's store, so limits hold across instances
 * with Redis and across a route's aliases (/users/register/ and /register/ count together).
 */
export function authRateLimit(app: FastifyInstance, name: AuthRateLimitName) {
  const rule: { ip: RateLimit; email?: RateLimit } = AUTH_RATE_LIMITS[name];
  const limiterFor = (limit: RateLimit, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({
      max: scaledMax(app.config, limit.max),
      timeWindow: limit.windowSeconds * 1000,
      keyGenerator: key,
    });
  const byIp = limiterFor(rule.ip, (request) => `auth:${name}:ip:${rateLimitKeyOf(request.ip)}`);
  const byEmail = rule.email ? limiterFor(rule.email, (request) => `auth:${name}:email:${emailOfBody(request.body) ?? ''}`) : null;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await enforce(byIp, request, reply);
    if (byEmail && emailOfBody(request.body)) await enforce(byEmail, request, reply);
  };
}
