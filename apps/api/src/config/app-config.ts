import { REALTIME_HEARTBEAT_MS } from '@alumlink/contract';
import path from 'node:path';
import { ConfigError, type Env } from './config-error';
import { decideSeedDemo } from './database';
import { describeFirstIssue, envSchema, withoutBlanks, type LogLevel } from './env-schema';
import { readOrCreateJwtSecret } from './jwt-secret';
import { storageConfigOf, type StorageConfig } from './storage';
import { parseOidcConfig, type OidcConfig } from './oidc';
import { REPO_ROOT, resolveFromLaunchDir } from './paths';
import type { TrustProxy } from './trust-proxy';
import { workerCount } from './workers';

/** The whole server configuration, parsed once at start; nothing else reads process.env. */
export type AppConfig = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** Absolute; holds pgdata/, media/, jwt-secret and the lock file. */
  dataDir: string;
  /** Absolute; DATA_DIR/media, served at /media/. */
  mediaDir: string;
  /** Absolute path of the built SPA; served only when it exists. */
  webDistDir: string;
  /** PostgreSQL when set; embedded PGlite under DATA_DIR/pgdata otherwise. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Real SMTP when set; the dev mailbox otherwise. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin of the site, without a trailing slash (links in e-mails). */
  publicUrl: string;
  siteName: string;
  jwtSecret: string;
  logLevel: LogLevel;
  /** Seed the demo data on an empty database at start. */
  seedDemo: boolean;
  /**
   * Which reverse proxies' X-Forwarded-* headers to believe (client ip, https detection): false
   * (none), a hop count, or their addresses/CIDRs. Never every address (TRUST_PROXY).
   */
  trustProxy: TrustProxy;
  /**
   * False when DEV_MAILBOX=off. It cannot force the mailbox on: see devMailboxEnabled() for the
   * other conditions (embedded database, no SMTP, not production).
   */
  devMailbox: boolean;
  /** Multiplies every rate limit's maximum (tests and the browser suite loosen them); default 1. */
  rateLimitMultiplier: number;
  /** API worker processes (node:cluster); above 1 only with DATABASE_URL and REDIS_URL. */
  webConcurrency: number;
  /**
   * Requests one worker serves at once (MAX_REQUESTS_IN_FLIGHT, default 128); one more is answered
   * 503 busy at once (plugins/load-shedding.ts). By Little's law, at a worker's 1,000 to 2,000
   * answers a second, 128 waiting requests are 60 to 130 ms of queue.
   */
  maxRequestsInFlight: number;
  /** PostgreSQL connections per worker for transactions and other queries (DATABASE_POOL_SIZE, default DEFAULT_DATABASE_POOL_SIZE); unused on PGlite. */
  databasePoolSize: number;
  /** PostgreSQL connections per worker for the pipelined prepared statements (DATABASE_PIPELINE_SIZE, default DEFAULT_DATABASE_PIPELINE_SIZE); unused on PGlite. */
  databasePipelineSize: number;
  /**
   * Prefix of the rate-limit counters in Redis: instances of one deployment share it. Not an env
   * variable; tests give every app its own, so test runs sharing a Redis do not share counts.
   */
  rateLimitNamespace: string;
  /**
   * How often (ms) each instance re-checks the sign-ins of its open sockets in the database and
   * closes those that ended (docs/security.md "Tokens and sessions"). Not an env variable; tests
   * shorten it. Default REALTIME_HEARTBEAT_MS (30 s).
   */
  realtimeSessionCheckMs: number;
  /**
   * Milliseconds a client has to send a whole request (headers and body), and the most a
   * connection may sit silent mid-request (Fastify's requestTimeout and connectionTimeout).
   * Not an env variable: REQUEST_TIMEOUT_MS below; tests shorten it.
   */
  requestTimeoutMs: number;
  /**
   * A space's or a tag's kept head (decision 065) is filled only when no post, tag, author or
   * space changed for this many milliseconds. Not an env variable: POST_HEAD_FILL_QUIET_MS below;
   * tests of the heads set 0.
   */
  postHeadFillQuietMs: number;
  /**
   * How often (ms) the data-export job looks for pending and expired exports (it also wakes on a
   * new request). EXPORT_WORKER_MS; default 30 s.
   */
  exportWorkerMs: number;
  /**
   * When the notification digests go out (modules/notifications/digests): the daily one every day
   * at this UTC hour (DIGEST_HOUR, 0-23, default 7), the weekly one on DIGEST_WEEKDAY (0 Sunday
   * to 6 Saturday, default 1 Monday) at the same hour.
   */
  digestHour: number;
  digestWeekday: number;
  /**
   * The one switch of every background job (plugins/schedulers.ts): BACKGROUND_JOBS=on|off, on by
   * default except under NODE_ENV=test (tests run a job by hand or pick theirs with buildApp's `jobs`).
   */
  backgroundJobs: boolean;
  /** Bearer token that lets a scraper outside this machine read GET /metrics (METRICS_TOKEN); loopback needs none. */
  metricsToken: string | null;
  /** METRICS=off skips the per-request histogram (for the bench's cost measurement); /metrics still answers. */
  requestMetrics: boolean;
  /** OTLP/HTTP collector base URL (OTEL_EXPORTER_OTLP_ENDPOINT, spans go to <url>/v1/traces); null: no tracing, nothing loaded. */
  otlpEndpoint: string | null;
  /** Where media and data exports live: DATA_DIR (default) or an S3-compatible bucket (STORAGE=s3, config/storage.ts). */
  storage: StorageConfig;
  /** Single sign-on with OpenID Connect (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_LABEL); null: off. */
  oidc: OidcConfig | null;
}>;

/**
 * Time to send a whole request: enough for the largest upload (10 MB) at about 100 KB/s, short
 * enough that connections whose body never finishes do not pile up (docs/security.md).
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A second without a change before a kept head is filled: a network with likes every few seconds still keeps its heads. */
export const POST_HEAD_FILL_QUIET_MS = 1_000;

/**
 * Parses the environment into a frozen AppConfig. Reads nothing but `env` — except that, when
 * JWT_SECRET is absent, the signing key is read from (or generated into) DATA_DIR/jwt-secret.
 * Throws ConfigError whose message is one line naming the variable.
 */
export function loadConfig(env: Env): AppConfig {
  const parsed = envSchema.safeParse(withoutBlanks(env));
  if (!parsed.success) throw new ConfigError(`Invalid environment: ${describeFirstIssue(parsed.error)}`);
  const vars = parsed.data;

  const dataDir = vars.DATA_DIR ? resolveFromLaunchDir(env, vars.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const publicUrl = (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '');
  const databaseUrl = vars.DATABASE_URL ?? null;
  if (vars.NODE_ENV === 'production' && !vars.JWT_SECRET) {
    throw new ConfigError(
      'Invalid environment: JWT_SECRET is required when NODE_ENV=production (32 or more random characters, e.g. from `openssl rand -base64 48`)',
    );
  }
  // Every e-mailed link (codes, invitations, exports) starts with it: a localhost default would reach no one.
  if (vars.NODE_ENV === 'production' && !vars.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid environment: PUBLIC_URL is required when NODE_ENV=production (the address people use, e.g. https://alumni.example.org)',
    );
  }
  const redisUrl = vars.REDIS_URL ?? null;
  const webConcurrency = workerCount(vars.WEB_CONCURRENCY, databaseUrl, redisUrl);

  return Object.freeze({
    nodeEnv: vars.NODE_ENV,
    isProduction: vars.NODE_ENV === 'production',
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    webDistDir: vars.WEB_DIST_DIR ? resolveFromLaunchDir(env, vars.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    databaseUrl,
    redisUrl,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? `${vars.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    siteName: vars.SITE_NAME,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    seedDemo: decideSeedDemo({ nodeEnv: vars.NODE_ENV, databaseUrl, seedDemo: vars.SEED_DEMO }),
    trustProxy: vars.TRUST_PROXY ?? false,
    devMailbox: vars.DEV_MAILBOX ?? true,
    rateLimitMultiplier: vars.RATE_LIMIT_MULTIPLIER,
    webConcurrency,
    maxRequestsInFlight: vars.MAX_REQUESTS_IN_FLIGHT,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    databasePipelineSize: vars.DATABASE_PIPELINE_SIZE,
    rateLimitNamespace: 'alumlink-rl-',
    realtimeSessionCheckMs: REALTIME_HEARTBEAT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    postHeadFillQuietMs: POST_HEAD_FILL_QUIET_MS,
    exportWorkerMs: vars.EXPORT_WORKER_MS ?? 30_000,
    digestHour: vars.DIGEST_HOUR,
    digestWeekday: vars.DIGEST_WEEKDAY,
    backgroundJobs: vars.BACKGROUND_JOBS ?? vars.NODE_ENV !== 'test',
    metricsToken: vars.METRICS_TOKEN ?? null,
    requestMetrics: vars.METRICS ?? true,
    otlpEndpoint: vars.OTEL_EXPORTER_OTLP_ENDPOINT ?? null,
    storage: storageConfigOf(vars),
    oidc: parseOidcConfig(vars, vars.NODE_ENV === 'production'),
  });
}
