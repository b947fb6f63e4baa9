import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/index';
import { isLoopbackAddress, rateLimitKeyOf } from './client-address';
import { AUTH_RATE_LIMITS } from './rate-limits';

describe('rateLimitKeyOf', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(rateLimitKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    expect(rateLimitKeyOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::');
    expect(rateLimitKeyOf('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::');
    expect(rateLimitKeyOf('2001:DB8:1:2:a::b')).toBe('2001:db8:1:2::');
    expect(rateLimitKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::');
    expect(rateLimitKeyOf('::1')).toBe('::');
  });

  it('leaves anything that is not an address as it is, and drops a zone', () => {
    expect(rateLimitKeyOf('')).toBe('');
    expect(rateLimitKeyOf('not-an-ip')).toBe('not-an-ip');
    expect(rateLimitKeyOf('fe80::1%eth0')).toBe('fe80::');
  });
});

describe('isLoopbackAddress', () => {
  it('is true for this machine only', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', '2001:db8::1', '0.0.0.0', '::', '', undefined, 'localhost']) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});

describe('rate-limit keys of real requests', () => {
  const perIp = AUTH_RATE_LIMITS.token.ip.max;
  let direct: TestApp;
  let behindProxy: TestApp;
  let behindKnownProxy: TestApp;
  let guess = 0;

  beforeAll(async () => {
    direct = await createTestApp({ rateLimitMultiplier: 1 });
    // A route limited by @fastify/rate-limit's own keyGenerator (`config.rateLimit`).
    direct.app.get('/test-limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    behindProxy = await createTestApp({ rateLimitMultiplier: 1, trustProxy: 1 }, { database: direct.database });
    behindKnownProxy = await createTestApp({ rateLimitMultiplier: 1, trustProxy: ['10.30.0.0/24'] }, { database: direct.database });
    for (const t of [behindProxy, behindKnownProxy]) t.app.get('/test-ip', async (request) => ({ ip: request.ip }));
  });
  afterAll(async () => {
    await behindProxy.close();
    await behindKnownProxy.close();
    await direct.close();
  });

  /** A sign-in with a fresh unknown e-mail each time, so only the per-IP limit can refuse it. */
  const signIn = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) => {
    guess += 1;
    return t.app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress,
      headers,
      payload: { email: `ip-guess-${guess}@example.com`, password: 'wrong-password-1' },
    });
  };

  it('gives two IPv6 clients in one /64 one sign-in limit, and a client in another /64 its own', async () => {
    for (let attempt = 1; attempt <= perIp; attempt += 1) {
      // Every attempt from another address of the same /64.
      expect((await signIn(direct, `2001:db8:aa:1::${attempt.toString(16)}`)).statusCode).toBe(401);
    }
    expect((await signIn(direct, '2001:db8:aa:1:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await signIn(direct, '2001:db8:aa:2::1')).statusCode).toBe(401);
  });

  it('counts an IPv4-mapped client together with the same IPv4 client', async () => {
    for (let attempt = 1; attempt <= perIp; attempt += 1) {
      const address = attempt % 2 === 0 ? '198.51.100.20' : '::ffff:198.51.100.20';
      expect((await signIn(direct, address)).statusCode).toBe(401);
    }
    expect((await signIn(direct, '198.51.100.20')).statusCode).toBe(429);
  });

  it("uses the same keys in @fastify/rate-limit's default key generator", async () => {
    const limited = (remoteAddress: string) => direct.app.inject({ url: '/test-limited', remoteAddress });
    expect((await limited('2001:db8:bb:1::1')).statusCode).toBe(200);
    expect((await limited('2001:db8:bb:1::2')).statusCode).toBe(200);
    expect((await limited('2001:db8:bb:1::3')).statusCode).toBe(429);
    expect((await limited('2001:db8:bb:2::1')).statusCode).toBe(200);
  });

  it('with TRUST_PROXY=1, keys on the address the proxy saw, not on what the client put in X-Forwarded-For', async () => {
    const proxy = '10.20.0.1';
    for (let attempt = 1; attempt <= perIp; attempt += 1) {
      // The client sends its own X-Forwarded-For; the proxy appends the address it saw.
      const response = await signIn(behindProxy, proxy, { 'x-forwarded-for': `192.0.2.${attempt}, 203.0.113.50` });
      expect(response.statusCode).toBe(401);
    }
    expect((await signIn(behindProxy, proxy, { 'x-forwarded-for': '192.0.2.200, 203.0.113.50' })).statusCode).toBe(429);
    // Another client behind the same proxy has its own limit.
    expect((await signIn(behindProxy, proxy, { 'x-forwarded-for': '192.0.2.1, 203.0.113.51' })).statusCode).toBe(401);
  });

  it('with a list of proxy addresses, believes X-Forwarded-For only from those proxies', async () => {
    const ipOf = async (t: TestApp, remoteAddress: string, forwardedFor: string) =>
      (await t.app.inject({ url: '/test-ip', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })).json<{ ip: string }>().ip;
    expect(await ipOf(behindKnownProxy, '10.30.0.7', '192.0.2.1, 203.0.113.60')).toBe('203.0.113.60');
    // A client reaching the server directly cannot claim another address.
    expect(await ipOf(behindKnownProxy, '198.51.100.9', '203.0.113.60')).toBe('198.51.100.9');
    // A hop count trusts exactly that many hops, never the client's own entries.
    expect(await ipOf(behindProxy, '10.20.0.1', '192.0.2.1, 192.0.2.2, 203.0.113.60')).toBe('203.0.113.60');
  });
});
