import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALTIME_HEARTBEAT_MS } from '@alumlink/contract';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/**
 * Root of the monorepo, independent of npm's cwd: three levels up from this module, whether it runs
 * as apps/api/src/config.ts or bundled into apps/api/dist/server.js (scripts/build.mjs).
 */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

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
   * How often (ms) the data-export worker looks for pending and expired exports (it also wakes on a
   * new request); 0 turns it off. EXPORT_WORKER_MS; default 30 s, off under NODE_ENV=test (tests run
   * it by hand; the browser suite sets it).
   */
  exportWorkerMs: number;
  /**
   * When the notification digests go out (modules/notifications/digests): the daily one every day
   * at this UTC hour (DIGEST_HOUR, 0-23, default 7), the weekly one on DIGEST_WEEKDAY (0 Sunday
   * to 6 Saturday, default 1 Monday) at the same hour.
   */
  digestHour: number;
  digestWeekday: number;
}>;

/**
 * Time to send a whole request: enough for the largest upload (10 MB) at about 100 KB/s, short
 * enough that connections whose body never finishes do not pile up (docs/security.md).
 */
export const REQUEST_TIMEOUT_MS = 120_000;

/** The most workers the default picks (WEB_CONCURRENCY may ask for more). */
export const MAX_DEFAULT_WORKERS = 8;

/** TRUST_PROXY parsed: false, a hop count, or proxy addresses/CIDRs (and proxy-addr's names). */
export type TrustProxy = false | number | readonly string[];

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Readonly<Record<string, string | undefined>>;

const booleanText = (name: string) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => ['true', 'false', '1', '0', 'yes', 'no'].includes(value), `${name} must be true or false`)
    .transform((value) => ['true', '1', 'yes'].includes(value));

const onOffText = (name: string) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .refine((value) => ['on', 'off', 'true', 'false', '1', '0', 'yes', 'no'].includes(value), `${name} must be on or off`)
    .transform((value) => ['on', 'true', '1', 'yes'].includes(value));

const MAX_PROXY_HOPS = 10;
/** Named ranges Fastify's proxy-addr understands. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_HINT = 'give the number of proxies in front (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.5,192.168.0.0/16)';

/** TRUST_PROXY: false/0, a hop count, or a comma-separated list; "trust everything" is refused. */
const trustProxyText = z.string().transform((raw, context): TrustProxy => {
  const value = raw.trim().toLowerCase();
  if (['false', 'no', 'off', '0'].includes(value)) return false;
  if (['true', 'yes', 'on', '*', 'all'].includes(value)) {
    context.addIssue({ code: 'custom', message: `TRUST_PROXY=${raw.trim()} would trust every address, so any client could pick its own IP: ${TRUST_PROXY_HINT}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({ code: 'custom', message: `TRUST_PROXY must be a hop count between 0 and ${MAX_PROXY_HOPS}` });
    return z.NEVER;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const invalid = entries.find(
    (entry) => !PROXY_RANGE_NAMES.includes(entry) && !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry),
  );
  if (invalid !== undefined) {
    context.addIssue({ code: 'custom', message: `TRUST_PROXY has "${invalid}", which is not an address or CIDR: ${TRUST_PROXY_HINT}` });
    return z.NEVER;
  }
  return Object.freeze(entries);
});

const urlWithScheme = (name: string, schemes: string[]) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(':', ''));
      } catch {
        return false;
      }
    }, `${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}`);

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be an integer between 1 and 65535' })
    .int('PORT must be an integer between 1 and 65535')
    .min(1, 'PORT must be an integer between 1 and 65535')
    .max(65535, 'PORT must be an integer between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().optional(),
  WEB_DIST_DIR: z.string().trim().optional(),
  DATABASE_URL: urlWithScheme('DATABASE_URL', ['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithScheme('REDIS_URL', ['redis', 'rediss']).optional(),
  SMTP_URL: urlWithScheme('SMTP_URL', ['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().trim().max(200, 'MAIL_FROM must be at most 200 characters').optional(),
  PUBLIC_URL: urlWithScheme('PUBLIC_URL', ['http', 'https']).optional(),
  SITE_NAME: z.string().trim().min(1).max(100, 'SITE_NAME must be at most 100 characters').default('AlumLink'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  SEED_DEMO: booleanText('SEED_DEMO').optional(),
  TRUST_PROXY: trustProxyText.optional(),
  DEV_MAILBOX: onOffText('DEV_MAILBOX').optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: 'RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000' })
    .min(0.01, 'RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000')
    .max(10_000, 'RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000')
    .default(1),
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'WEB_CONCURRENCY must be an integer between 1 and 64' })
    .int('WEB_CONCURRENCY must be an integer between 1 and 64')
    .min(1, 'WEB_CONCURRENCY must be an integer between 1 and 64')
    .max(64, 'WEB_CONCURRENCY must be an integer between 1 and 64')
    .optional(),
  EXPORT_WORKER_MS: z.coerce
    .number({ error: 'EXPORT_WORKER_MS must be an integer between 0 and 86400000' })
    .int('EXPORT_WORKER_MS must be an integer between 0 and 86400000')
    .min(0, 'EXPORT_WORKER_MS must be an integer between 0 and 86400000')
    .max(86_400_000, 'EXPORT_WORKER_MS must be an integer between 0 and 86400000')
    .optional(),
  DIGEST_HOUR: z.coerce
    .number({ error: 'DIGEST_HOUR must be an hour between 0 and 23 (UTC)' })
    .int('DIGEST_HOUR must be an hour between 0 and 23 (UTC)')
    .min(0, 'DIGEST_HOUR must be an hour between 0 and 23 (UTC)')
    .max(23, 'DIGEST_HOUR must be an hour between 0 and 23 (UTC)')
    .default(7),
  DIGEST_WEEKDAY: z.coerce
    .number({ error: 'DIGEST_WEEKDAY must be a day between 0 (Sunday) and 6 (Saturday)' })
    .int('DIGEST_WEEKDAY must be a day between 0 (Sunday) and 6 (Saturday)')
    .min(0, 'DIGEST_WEEKDAY must be a day between 0 (Sunday) and 6 (Saturday)')
    .max(6, 'DIGEST_WEEKDAY must be a day between 0 (Sunday) and 6 (Saturday)')
    .default(1),
});

/** Empty variables count as unset (docker-compose and .env files often leave them blank). */
function withoutBlanks(env: Env): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') clean[key] = value;
  }
  return clean;
}

function describeFirstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const variable = String(issue?.path[0] ?? 'environment');
  const message = issue?.message ?? 'is invalid';
  return message.startsWith(variable) ? message : `${variable} ${message}`;
}

/** Resolves a path given in the environment against the directory npm was started from. */
function resolveFromLaunchDir(env: Env, value: string): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), value);
}

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
    rateLimitNamespace: 'alumlink-rl-',
    realtimeSessionCheckMs: REALTIME_HEARTBEAT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    exportWorkerMs: vars.EXPORT_WORKER_MS ?? (vars.NODE_ENV === 'test' ? 0 : 30_000),
    digestHour: vars.DIGEST_HOUR,
    digestWeekday: vars.DIGEST_WEEKDAY,
  });
}

/**
 * How many API workers to run. Several workers need PostgreSQL (the embedded database belongs to
 * one process) and Redis (where workers share rate-limit counters and live events). Without
 * WEB_CONCURRENCY: one per core, at most MAX_DEFAULT_WORKERS, when both are configured; else 1.
 */
function workerCount(requested: number | undefined, databaseUrl: string | null, redisUrl: string | null): number {
  if (requested === undefined) {
    return databaseUrl && redisUrl ? Math.min(availableParallelism(), MAX_DEFAULT_WORKERS) : 1;
  }
  if (requested > 1 && !databaseUrl) {
    throw new ConfigError(
      'Invalid environment: WEB_CONCURRENCY must be 1 on the embedded database (one process owns DATA_DIR); set DATABASE_URL to run several workers',
    );
  }
  if (requested > 1 && !redisUrl) {
    throw new ConfigError(
      'Invalid environment: WEB_CONCURRENCY above 1 needs REDIS_URL (workers share rate limits and live events through Redis)',
    );
  }
  return requested;
}

/**
 * Whether to seed the demo content (admin@example.com with the published password among it) into
 * an empty database: SEED_DEMO when given; otherwise only on the embedded default, never in production.
 */
export function decideSeedDemo(options: {
  nodeEnv: AppConfig['nodeEnv'];
  databaseUrl: string | null;
  seedDemo: boolean | undefined;
}): boolean {
  return options.seedDemo ?? (options.databaseUrl === null && options.nodeEnv !== 'production');
}

/**
 * The dev mailbox (every e-mail the server wrote, codes included) exists only on the embedded
 * default without SMTP, outside production, unless DEV_MAILBOX=off. There it is the delivery;
 * modules/mailbox also answers only requests from this machine.
 */
export function devMailboxEnabled(
  config: Pick<AppConfig, 'devMailbox' | 'isProduction' | 'nodeEnv' | 'databaseUrl' | 'smtpUrl'>,
): boolean {
  return (
    config.devMailbox &&
    !config.isProduction &&
    config.nodeEnv !== 'production' &&
    config.databaseUrl === null &&
    config.smtpUrl === null
  );
}

/** Reads DATA_DIR/jwt-secret, creating it (mode 600) with 48 random bytes the first time. */
export function readOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError(`Cannot read the JWT secret at ${file}: ${(error as Error).message}`);
    }
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
    return secret;
  } catch (error) {
    throw new ConfigError(`Cannot write the JWT secret at ${file}: ${(error as Error).message}`);
  }
}
