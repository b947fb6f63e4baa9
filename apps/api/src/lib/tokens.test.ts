import { createHmac } from 'node:crypto';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const key = new TextEncoder().encode(SECRET);
const SESSION = '0b5c1f2e-7a4d-4c3b-9e8f-123456789abc';
const person = { id: 42, role: 'AL' as const, isStaff: false, email: 'ada@example.com', session: SESSION };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header and claims, correctly signed with SECRET. */
function handMade(header: unknown, claims: unknown, secret = SECRET): string {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
const validClaims = () => {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: '42',
    sid: SESSION,
    role: 'AL',
    is_staff: false,
    email: 'ada@example.com',
    type: 'access',
    iss: 'alumlink',
    iat: now,
    exp: now + 900,
  };
};

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('a remembered token still expires, and is remembered under its own key only', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signAccessToken(SECRET, person, new Date(Date.now() - 14 * 60_000 - 30_000));
    expect(verifyAccessToken(SECRET, token)).toMatchObject(person);
    expect(verifyAccessToken(SECRET, token)).toMatchObject(person);
    expect(verifyAccessToken('another-secret-0123456789-abcdefghijklmnop', token)).toBeNull();
    vi.setSystemTime(Date.now() + 31_000);
    expect(verifyAccessToken(SECRET, token)).toBeNull();
  });

  it('round-trips, and expires after 15 minutes', async () => {
    const token = await signAccessToken(SECRET, person);
    const verified = verifyAccessToken(SECRET, token);
    expect(verified).toMatchObject(person);
    const lifetime = (verified?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
    expect(verifyAccessToken(SECRET, token, new Date(Date.now() + 15 * 60_000 + 1000))).toBeNull();
  });

  it('is a standard HS256 JWT both ways (checked with the jose library)', async () => {
    const ours = await signAccessToken(SECRET, { id: 7, role: 'AD', isStaff: true, email: 'admin@example.com', session: SESSION });
    const { payload, protectedHeader } = await jwtVerify(ours, key, { algorithms: ['HS256'], issuer: 'alumlink' });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({ sub: '7', sid: SESSION, role: 'AD', is_staff: true, email: 'admin@example.com', type: 'access' });
    expect(decodeJwt(ours).exp).toBe((payload.iat ?? 0) + 900);

    const theirs = await new SignJWT({ role: 'TR', is_staff: false, type: 'access', sid: SESSION })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('9')
      .setIssuer('alumlink')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(key);
    // Without an email claim (tokens issued before it existed): verified, with no e-mail to vouch for.
    expect(verifyAccessToken(SECRET, theirs)).toMatchObject({ id: 9, role: 'TR', isStaff: false, email: null, session: SESSION });
    expect(verifyAccessToken(SECRET, ours)?.issuedAt).toEqual(new Date((payload.iat ?? 0) * 1000));
  });

  it('refuses tampering, other keys, other algorithms and malformed tokens', async () => {
    const token = await signAccessToken(SECRET, person);
    const [header, , signature] = token.split('.');
    const promoted = `${header}.${b64({ ...validClaims(), role: 'AD' })}.${signature}`;
    const refused = [
      promoted,
      await signAccessToken('another-secret-0123456789-abcdefghijklmnop', person),
      handMade({ alg: 'none', typ: 'JWT' }, validClaims()).replace(/[^.]+$/, ''),
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64(validClaims())}.`,
      handMade({ alg: 'HS512', typ: 'JWT' }, validClaims()),
      handMade({ alg: 'HS256' }, validClaims()),
      handMade({ alg: 'HS256', typ: 'JWT', kid: 'x' }, validClaims()),
      token.slice(0, -2),
      `${token}.extra`,
      token.replace(/\.[^.]+$/, `.${'A'.repeat(43)}`),
      handMade({ alg: 'HS256', typ: 'JWT', jku: 'https://evil.example/keys' }, validClaims()),
      handMade({ alg: 'HS256', typ: 'JWT', crit: ['exp'] }, validClaims()),
      handMade({ alg: 'HS256', typ: 'jwt-not' }, validClaims()),
      handMade({ alg: 'hs256', typ: 'JWT' }, validClaims()),
      handMade({ alg: 'NONE', typ: 'JWT' }, validClaims()),
      handMade({ alg: 'RS256', typ: 'JWT' }, validClaims()),
      handMade('HS256', validClaims()),
      handMade({ alg: 'HS256', typ: 'JWT' }, 'a string payload'),
      `${b64({ alg: 'HS256', typ: 'JWT' })}.not-json.${signature}`,
      `${token}.`,
      `.${token}`,
      token.replace('.', '..'),
      '',
      'a.b.c',
      'not a token at all',
    ];
    for (const candidate of refused) expect(verifyAccessToken(SECRET, candidate), candidate.slice(0, 60)).toBeNull();
  });

  it('refuses wrong or missing claims even when correctly signed', () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    const now = Math.floor(Date.now() / 1000);
    const variants: Record<string, unknown>[] = [
      { ...validClaims(), type: 'refresh' },
      { ...validClaims(), iss: 'someone-else' },
      { ...validClaims(), sub: 42 },
      { ...validClaims(), sub: '0' },
      { ...validClaims(), sub: '1.5' },
      { ...validClaims(), sub: 'abc' },
      { ...validClaims(), role: 'GOD' },
      { ...validClaims(), exp: now - 1 },
      { ...validClaims(), exp: String(now + 900) },
      (({ exp: _exp, ...rest }) => rest)(validClaims()),
      // Issued before access tokens named their session: refused (the client refreshes).
      (({ sid: _sid, ...rest }) => rest)(validClaims()),
      { ...validClaims(), sid: 'not-a-uuid' },
      { ...validClaims(), sid: 7 },
      { ...validClaims(), iss: undefined },
      { ...validClaims(), type: undefined },
      { ...validClaims(), nbf: now + 600 },
      // The sign-in check compares when a token was issued with the changes it heard of.
      (({ iat: _iat, ...rest }) => rest)(validClaims()),
      { ...validClaims(), iat: String(now) },
    ];
    for (const claims of variants) expect(verifyAccessToken(SECRET, handMade(header, claims)), JSON.stringify(claims)).toBeNull();
    expect(verifyAccessToken(SECRET, handMade(header, validClaims()))).toMatchObject(person);
    const arrayPayload = `${b64(header)}.${b64([1, 2])}`;
    expect(
      verifyAccessToken(SECRET, `${arrayPayload}.${createHmac('sha256', SECRET).update(arrayPayload).digest('base64url')}`),
    ).toBeNull();
  });

  it("keeps the hand-written signer's format, so tokens issued before fast-jwt keep verifying", async () => {
    // Exactly what the previous node:crypto signer wrote: this header's bytes, these claims in this order.
    const now = Math.floor(Date.now() / 1000);
    const previous = handMade(
      { alg: 'HS256', typ: 'JWT' },
      { role: 'AL', is_staff: false, type: 'access', sub: '42', sid: SESSION, iss: 'alumlink', iat: now, exp: now + 900 },
    );
    expect(verifyAccessToken(SECRET, previous)).toEqual({
      ...person,
      email: null,
      issuedAt: new Date(now * 1000),
      expiresAt: new Date((now + 900) * 1000),
    });

    const ours = await signAccessToken(SECRET, person);
    const [header, payload] = ours.split('.');
    expect(header).toBe(b64({ alg: 'HS256', typ: 'JWT' }));
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'))).toEqual({
      ...validClaims(),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
  });

  it('signs in the past when asked (tests of expiry) and checks expiry against the given clock', async () => {
    const past = new Date(Date.now() - 20 * 60_000);
    const old = await signAccessToken(SECRET, person, past);
    expect(verifyAccessToken(SECRET, old)).toBeNull();
    expect(verifyAccessToken(SECRET, old, new Date(past.getTime() + 60_000))).toMatchObject(person);
  });
});
