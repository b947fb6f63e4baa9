// Limits fail closed (DESIGN 7): with REDIS_URL set and Redis unreachable, each instance counts
// in its own memory instead of letting everything through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS, rateLimitFallback } from '../../lib/rate-limits';
import { createTestApp, type TestApp } from '../../test/index';
import { registration } from '../../test/registration';

let t: TestApp;
const outagesBefore = rateLimitFallback.outages;

beforeAll(async () => {
  // Port 1 on loopback: nothing listens there, every connection is refused at once.
  t = await createTestApp({ redisUrl: 'redis://127.0.0.1:1', rateLimitMultiplier: 1 });
});
afterAll(() => t.close());

describe('rate limits while Redis is unreachable', () => {
  it('refuses the sign-up after the limit from one address, counted in memory', async () => {
    const before = rateLimitFallback.checks;
    const perIp = AUTH_RATE_LIMITS.register.ip.max;
    const register = () => t.app.inject({ method: 'POST', url: '/users/register/', remoteAddress: '10.9.0.1', payload: registration() });
    for (let attempt = 1; attempt <= perIp; attempt += 1) {
      expect((await register()).statusCode).toBe(201);
    }
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // Another address still gets through: the fallback counts per key like the shared store.
    const other = await t.app.inject({ method: 'POST', url: '/users/register/', remoteAddress: '10.9.0.2', payload: registration() });
    expect(other.statusCode).toBe(201);
    expect(rateLimitFallback.checks).toBeGreaterThan(before);
    // One outage, however many requests and reconnection attempts it spans (logged once).
    expect(rateLimitFallback.outages).toBe(outagesBefore + 1);
    // The operator sees it on /metrics (from this machine).
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain(`alumlink_rate_limit_redis_outages ${rateLimitFallback.outages}\n`);
    expect(metrics.body).toMatch(/^alumlink_rate_limit_fallback_checks [1-9]\d*$/m);
  });
});
