import { availableParallelism } from 'node:os';
import { ConfigError } from './config-error';

/** The most workers the default picks (WEB_CONCURRENCY may ask for more). */
export const MAX_DEFAULT_WORKERS = 8;

/**
 * How many API workers to run. Several workers need PostgreSQL (the embedded database belongs to
 * one process) and Redis (where workers share rate-limit counters and live events). Without
 * WEB_CONCURRENCY: one per core, at most MAX_DEFAULT_WORKERS, when both are configured; else 1.
 */
export function workerCount(requested: number | undefined, databaseUrl: string | null, redisUrl: string | null): number {
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
