import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { appContextPlugin } from './app-context';
import type { AppConfig } from './config';
import type { Database, DatabaseConnection } from './db/client';
import { fastifyTrustProxy } from './lib/client-address';
import { handleError } from './lib/error-handler';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { logDestination } from './lib/log-format';
import { serializeRequestForLog } from './lib/log-redaction';
import { registerMailer, type MailerOptions } from './lib/mailer/index';
import { registerRateLimits } from './lib/rate-limits';
import { registerTracing } from './lib/tracing';
import { accountRoutes } from './modules/account/account.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { registerAuth } from './modules/auth/authenticate';
import { signInChangesPlugin } from './modules/auth/sign-in-changes.plugin';
import { directoryChangesPlugin } from './modules/directory/directory-changes.plugin';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { communitiesRoutes } from './modules/communities/communities.routes';
import { spacesRoutes } from './modules/communities/spaces.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { mailboxRoutes } from './modules/mailbox/mailbox.routes';
import { mentoringRoutes } from './modules/mentoring/mentoring.routes';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { messagingRoutes } from './modules/messaging/messaging.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { postsRoutes } from './modules/posts/posts.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { realtimePlugin } from './modules/realtime/realtime.plugin';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { directoryRoutes } from './modules/directory/directory.routes';
import { referralRequestsRoutes } from './modules/referrals/referral-requests.routes';
import { referralsRoutes } from './modules/referrals/referrals.routes';
import { searchRoutes } from './modules/search/search.routes';
import { postHeadsPlugin } from './modules/posts/post-heads.plugin';
import { searchChangesPlugin } from './modules/search-everything/search-changes.plugin';
import { searchEverythingRoutes } from './modules/search-everything/search-everything.routes';
import { singleSignOnRoutes } from './modules/single-sign-on/sso.routes';
import { tagsRoutes } from './modules/posts/tags.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { usersRoutes } from './modules/users/users.routes';
import type { Clock } from './lib/scheduler/index';
import { registerApiDocs } from './plugins/api-docs';
import { registerCompression } from './plugins/compression';
import { registerLoadShedding } from './plugins/load-shedding';
import { registerMetrics, registerMetricsRoute } from './plugins/metrics';
import { registerSchedulers } from './plugins/schedulers';
import { mediaImageOrigins } from './plugins/s3-media-route';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticFiles } from './plugins/static-files';

declare module 'fastify' {
  interface FastifyInstance {
    /** The frozen configuration the app was built with. */
    config: AppConfig;
    /** Drizzle database (PGlite or PostgreSQL). */
    db: Database;
    /** The connection behind `db` (kind, ping, close). */
    database: DatabaseConnection;
  }
}

/** A feature module: a Fastify plugin declaring its routes with full paths and zod schemas. */
export type FeatureModule = FastifyPluginAsyncZod;

/**
 * Every feature module, registered in this order. To add a module, import its routes plugin
 * and add it to this list.
 */
const featureModules: FeatureModule[] = [
  healthRoutes,
  communitiesRoutes,
  spacesRoutes,
  eventsRoutes,
  postsRoutes,
  moderationRoutes,
  profilesRoutes,
  searchRoutes,
  directoryRoutes,
  authRoutes,
  usersRoutes,
  mailboxRoutes,
  messagingRoutes,
  notificationsRoutes,
  realtimeRoutes,
  adminRoutes,
  jobsRoutes,
  referralsRoutes,
  referralRequestsRoutes,
  settingsRoutes,
  activityRoutes,
  accountRoutes,
  dataExportRoutes,
  mentoringRoutes,
  onboardingRoutes,
  searchEverythingRoutes,
  tagsRoutes,
  singleSignOnRoutes,
];

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseConnection;
  /** Mail transport and delivery mode (default: SMTP_URL or the dev mailbox; loop except in tests). */
  mailer?: MailerOptions;
  /** Time of the scheduled jobs and mail delivery (default: the system clock; tests pass one they advance). */
  clock?: Clock;
  /** Exactly these background jobs run (by name), whatever BACKGROUND_JOBS says: tests pick the jobs they exercise. */
  jobs?: readonly string[];
};

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

const JSON_BODY_LIMIT = 1024 * 1024;
const ALIAS_PREFIX = /^\/alumlink(?=\/(?:api|users|social)\/)/;
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

function logStreamOption(): { stream?: NodeJS.WritableStream } {
  const stream = logDestination();
  return stream ? { stream } : {};
}

/** Builds the whole server (plugins, error handling, modules) without listening. */
export async function buildApp({ config, database, mailer, clock, jobs }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Signed links (?token=) and export download tickets carry their credential in the URL: never written to the logs.
            serializers: { req: serializeRequestForLog },
            // Readable lines in a terminal, JSON otherwise (lib/log-format.ts).
            ...logStreamOption(),
          },
    bodyLimit: JSON_BODY_LIMIT,
    // A whole request (headers and body) must arrive within requestTimeoutMs, else 408 and the
    // connection closes; a connection silent twice that long mid-request (a handler that never
    // answers) is closed without a word. Neither touches keep-alive connections between requests
    // (keepAliveTimeout, 72 s) nor upgraded WebSockets (ws turns the socket's timeout off).
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: 2 * config.requestTimeoutMs,
    http: {
      // Node checks for expired requests at this interval (default 30 s) and gives headers
      // 60 s, which must not exceed the whole request's time.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))),
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    },
    // A hop count or the proxies' addresses (config/trust-proxy.ts refuses "trust everything").
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Keep a caller's (or proxy's) request id when it looks sane, so logs correlate.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // `/alumlink/api/...` (base A of the specification) is the same API as `/api/...`.
    rewriteUrl: (request) => (request.url ?? '/').replace(ALIAS_PREFIX, ''),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkWithZod: !config.isProduction }));
  app.setErrorHandler(handleError);
  // The API speaks JSON (and multipart where a module registers it); text/plain gets a 415.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);
  registerAuth(app);
  registerMailer(app, { ...mailer, ...(clock ? { clock } : {}), wake: () => app.jobs.trigger('mail-delivery') });
  await app.register(appContextPlugin);
  await app.register(realtimePlugin);
  await app.register(signInChangesPlugin);
  await app.register(directoryChangesPlugin);
  await app.register(searchChangesPlugin);
  await app.register(postHeadsPlugin);
  // Before every route and hook that answers: the request histogram sees every answer.
  await app.register(registerMetrics);

  // Traces first, so a request's span covers every other hook (nothing at all without OTEL_EXPORTER_OTLP_ENDPOINT).
  await registerTracing(app, config.otlpEndpoint);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerLoadShedding(app);
  registerSecurityHeaders(app, config.webDistDir, mediaImageOrigins(config.storage));
  await registerCompression(app);
  await registerRateLimits(app, config);
  await registerApiDocs(app, config);
  await registerStaticFiles(app, config);

  await app.register(registerMetricsRoute);
  // Background jobs (plugins/schedulers.ts): they start once the app is ready, never from a routes file.
  await app.register(registerSchedulers, {
    ...(clock ? { clock } : {}),
    ...(jobs ? { only: jobs } : {}),
    onRun: app.metrics.observeJobRun,
    onStart: app.metrics.declareJob,
  });
  for (const featureModule of featureModules) await app.register(featureModule);
  return app;
}
