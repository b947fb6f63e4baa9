import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * How often this process counted limits in its own memory because Redis was unreachable
 * (DESIGN 7: limits fail closed). Read by the metrics endpoint; counts only grow.
 */
export const rateLimitFallback = {
  /** Outages seen: Redis went from reachable (or never reached) to unreachable. */
  outages: 0,
  /** Limit checks counted in memory instead of Redis. */
  checks: 0,
};

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

// INCR, and start the window on the first hit: the same fixed window as @fastify/rate-limit's own Redis store.
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) return {current, tonumber(ARGV[1])} end
return {current, redis.call('PTTL', KEYS[1])}
`;

/** Fixed windows in this process's memory, bounded (oldest keys go first, like an LRU). */
class MemoryWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  constructor(private readonly maxKeys = 10_000) {}

  increment(key: string, windowMs: number): Counted {
    const now = Date.now();
    const existing = this.windows.get(key);
    if (existing && existing.endsAt > now) {
      existing.count += 1;
      return { current: existing.count, ttl: existing.endsAt - now };
    }
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
    this.windows.set(key, { count: 1, endsAt: now + windowMs });
    return { current: 1, ttl: windowMs };
  }
}

/** Whether Redis answers, logged once per change (not per request) and counted in rateLimitFallback. */
class RedisHealth {
  private unavailable = false;
  constructor(private readonly log: FastifyBaseLogger) {}

  down(error: unknown): void {
    if (this.unavailable) return;
    this.unavailable = true;
    rateLimitFallback.outages += 1;
    this.log.warn({ err: error }, 'Redis unreachable: rate limits are counted in this instance’s memory until it is back');
  }

  up(): void {
    if (!this.unavailable) return;
    this.unavailable = false;
    this.log.info('Redis reachable again: rate limits are shared across instances again');
  }
}

/**
 * A @fastify/rate-limit store that counts in Redis and, while Redis is unreachable, in this
 * instance's memory: limits then hold per instance instead of switching off. The Redis client
 * must not queue commands offline (enableOfflineQueue: false), so a check never waits for it.
 */
export function failoverStore(redis: Redis, log: FastifyBaseLogger, nameSpace: string): FastifyRateLimitStoreCtor {
  const health = new RedisHealth(log);
  redis.on('error', (error) => health.down(error));
  redis.on('ready', () => health.up());
  const memory = new MemoryWindows();

  class FailoverStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    // The plugin constructs the root store with its options (unused here); child() passes the prefix.
    constructor(_options?: unknown, prefix = nameSpace) {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = this.prefix + key;
      const inMemory = () => {
        rateLimitFallback.checks += 1;
        callback(null, memory.increment(fullKey, timeWindow));
      };
      if (redis.status !== 'ready') {
        health.down(new Error(`Redis connection ${redis.status}`));
        inMemory();
        return;
      }
      redis.eval(INCREMENT, 1, fullKey, timeWindow).then(
        (result) => {
          health.up();
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        (error: unknown) => {
          health.down(error);
          inMemory();
        },
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes the route's options with `routeInfo` (empty for createRateLimit, whose keys are already unique).
      const route = (routeOptions as { routeInfo?: { method?: string; url?: string } }).routeInfo;
      // Route-level limits count per route, as the plugin's own stores do.
      return new FailoverStore(undefined, route?.method && route.url ? `${nameSpace}${route.method}${route.url}-` : nameSpace);
    }
  }
  return FailoverStore as unknown as FastifyRateLimitStoreCtor;
}
