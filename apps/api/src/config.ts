import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Root of the monorepo (apps/api/src/config.ts → ../../..), independent of npm's cwd. */
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
  /** Trust X-Forwarded-* from a reverse proxy (client ip, https detection). */
  trustProxy: boolean;
  /** Multiplies every rate limit's maximum (tests and the browser suite loosen them); default 1. */
  rateLimitMultiplier: number;
  /**
   * Prefix of the rate-limit counters in Redis: instances of one deployment share it. Not an env
   * variable; tests give every app its own, so test runs sharing a Redis do not share counts.
   */
  rateLimitNamespace: string;
}>;

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
  TRUST_PROXY: booleanText('TRUST_PROXY').optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: 'RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000' })
    .min(0.01, 'RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000')
    .max(10_000, 'RATE_LIMIT_MULTIPLIER must be a number between 0.01 and 10000')
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

  return Object.freeze({
    nodeEnv: vars.NODE_ENV,
    isProduction: vars.NODE_ENV === 'production',
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    webDistDir: vars.WEB_DIST_DIR ? resolveFromLaunchDir(env, vars.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    databaseUrl,
    redisUrl: vars.REDIS_URL ?? null,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? `${vars.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    publicUrl,
    siteName: vars.SITE_NAME,
    jwtSecret: vars.JWT_SECRET ?? readOrCreateJwtSecret(dataDir),
    logLevel: vars.LOG_LEVEL ?? (vars.NODE_ENV === 'test' ? 'silent' : 'info'),
    // The demo only seeds itself into the embedded database, unless asked for explicitly.
    seedDemo: vars.SEED_DEMO ?? databaseUrl === null,
    trustProxy: vars.TRUST_PROXY ?? false,
    rateLimitMultiplier: vars.RATE_LIMIT_MULTIPLIER,
    rateLimitNamespace: 'alumlink-rl-',
  });
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
