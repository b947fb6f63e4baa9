import { z } from 'zod';
import { booleanText, onOffText, urlWithScheme } from './env-text';
import type { Env } from './config-error';
import { storageEnvShape } from './storage';
import { trustProxyText } from './trust-proxy';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * PostgreSQL connections of one worker's node-postgres pool, for transactions and other queries (DATABASE_POOL_SIZE, db/client.ts). Small on purpose: on two
 * cores shared with PostgreSQL, 4 per worker served the mixed bench with half the p50 and a
 * third of the p99 of pg's default 10 (measured; `git log -p docs/performance.md`); requests beyond
 * wait in the pool's queue, in order, instead of as runnable backends in the kernel's.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

/**
 * Connections of one worker's pipelined client, where the repositories' prepared statements run
 * (DATABASE_PIPELINE_SIZE, db/pipelined-client.ts). Pipelining already overlaps the statements
 * of many requests on one connection; more connections only add PostgreSQL backends competing for
 * the cores. On two cores shared with PostgreSQL, 2 per worker instead of 4 served the 1,500/s mix
 * at a p99 of 6-11 ms instead of 13-33 ms (measured; `git log -p docs/performance.md`).
 */
export const DEFAULT_DATABASE_PIPELINE_SIZE = 2;

export const envSchema = z.object({
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
  MAX_REQUESTS_IN_FLIGHT: z.coerce
    .number({ error: 'MAX_REQUESTS_IN_FLIGHT must be an integer between 1 and 100000' })
    .int('MAX_REQUESTS_IN_FLIGHT must be an integer between 1 and 100000')
    .min(1, 'MAX_REQUESTS_IN_FLIGHT must be an integer between 1 and 100000')
    .max(100_000, 'MAX_REQUESTS_IN_FLIGHT must be an integer between 1 and 100000')
    .default(128),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be an integer between 1 and 100' })
    .int('DATABASE_POOL_SIZE must be an integer between 1 and 100')
    .min(1, 'DATABASE_POOL_SIZE must be an integer between 1 and 100')
    .max(100, 'DATABASE_POOL_SIZE must be an integer between 1 and 100')
    .default(DEFAULT_DATABASE_POOL_SIZE),
  DATABASE_PIPELINE_SIZE: z.coerce
    .number({ error: 'DATABASE_PIPELINE_SIZE must be an integer between 1 and 100' })
    .int('DATABASE_PIPELINE_SIZE must be an integer between 1 and 100')
    .min(1, 'DATABASE_PIPELINE_SIZE must be an integer between 1 and 100')
    .max(100, 'DATABASE_PIPELINE_SIZE must be an integer between 1 and 100')
    .default(DEFAULT_DATABASE_PIPELINE_SIZE),
  EXPORT_WORKER_MS: z.coerce
    .number({ error: 'EXPORT_WORKER_MS must be an integer between 100 and 86400000' })
    .int('EXPORT_WORKER_MS must be an integer between 100 and 86400000')
    .min(100, 'EXPORT_WORKER_MS must be an integer between 100 and 86400000')
    .max(86_400_000, 'EXPORT_WORKER_MS must be an integer between 100 and 86400000')
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
  BACKGROUND_JOBS: onOffText('BACKGROUND_JOBS').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: urlWithScheme('OTEL_EXPORTER_OTLP_ENDPOINT', ['http', 'https']).optional(),
  METRICS: onOffText('METRICS').optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ...storageEnvShape,
  // Single sign-on (config/oidc.ts): on when the first three are set.
  OIDC_ISSUER: urlWithScheme('OIDC_ISSUER', ['http', 'https']).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(500, 'OIDC_CLIENT_ID must be at most 500 characters').optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000, 'OIDC_CLIENT_SECRET must be at most 2000 characters').optional(),
  OIDC_LABEL: z.string().trim().min(1).max(60, 'OIDC_LABEL must be at most 60 characters').optional(),
});

/** Empty variables count as unset (docker-compose and .env files often leave them blank). */
export function withoutBlanks(env: Env): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') clean[key] = value;
  }
  return clean;
}

export function describeFirstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const variable = String(issue?.path[0] ?? 'environment');
  const message = issue?.message ?? 'is invalid';
  return message.startsWith(variable) ? message : `${variable} ${message}`;
}
