import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../lib/rate-limits';
import { createTestApp, type TestApp } from '../../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1 });
});
afterAll(() => t.close());

const signIn = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', remoteAddress, payload: { email, password: 'wrong-password-1' } });

function expectRateLimited(response: Awaited<ReturnType<typeof signIn>>): void {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(15 * 60);
  expect(response.json()).toEqual({ detail: `Too many requests. Try again in ${seconds} seconds.`, code: 'rate_limited' });
}

describe('rate limits of the account endpoints', () => {
  it('limits sign-in attempts per IP, whatever the e-mail', async () => {
    const perIp = AUTH_RATE_LIMITS.token.ip.max;
    for (let attempt = 1; attempt <= perIp; attempt += 1) {
      expect((await signIn(`guess${attempt}@example.com`, '10.2.0.1')).statusCode).toBe(401);
    }
    expectRateLimited(await signIn('guess-last@example.com', '10.2.0.1'));
    expect((await signIn('guess-last@example.com', '10.2.0.2')).statusCode).toBe(401);
  });

  it('counts a route and its alias together', async () => {
    const perEmail = AUTH_RATE_LIMITS.resend.email.max;
    const resend = (url: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url, remoteAddress, payload: { email: 'alias@example.com' } });
    for (let attempt = 1; attempt <= perEmail; attempt += 1) {
      const url = attempt % 2 === 0 ? '/resend-verification/' : '/users/resend-verification/';
      expect((await resend(url, `10.3.0.${attempt}`)).statusCode).toBe(200);
    }
    expectRateLimited(await resend('/resend-verification/', '10.3.1.1'));
  });
});
