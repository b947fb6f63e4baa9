import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Database, DatabaseConnection } from './db/client';
import { handleError } from './lib/error-handler';
import { tooManyRequests } from './lib/errors';
import { communitiesRoutes } from './modules/communities/communities.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerApiDocs } from './plugins/api-docs';
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
const featureModules: FeatureModule[] = [healthRoutes, communitiesRoutes, eventsRoutes];

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseConnection;
};

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

const JSON_BODY_LIMIT = 1024 * 1024;
const ALIAS_PREFIX = /^\/alumlink(?=\/(?:api|users|social)\/)/;
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Builds the whole server (plugins, error handling, modules) without listening. */
export async function buildApp({ config, database }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Keep a caller's (or proxy's) request id when it looks sane, so logs correlate.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // `/alumlink/api/...` (base A of the specification) is the same API as `/api/...`.
    rewriteUrl: (request) => (request.url ?? '/').replace(ALIAS_PREFIX, ''),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // The API speaks JSON (and multipart where a module registers it); text/plain gets a 415.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await registerSecurityHeaders(app);
  await registerRateLimit(app, config);
  await registerApiDocs(app, config);
  await registerStaticFiles(app, config);

  for (const featureModule of featureModules) await app.register(featureModule);
  return app;
}

/** Rate limits are opt-in per route: `config: { rateLimit: { max: 5, timeWindow: '1 minute' } }`. */
async function registerRateLimit(app: FastifyInstance, config: AppConfig): Promise<void> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limits) unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'alumlink-rl-' } : {}),
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests. Please try again in ${context.after}.`),
  });
}
