import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, roleSchema, type Role } from '@alumlink/contract';
import { createSigner, createVerifier } from 'fast-jwt';

const ISSUER = 'alumlink';
const ALGORITHM = 'HS256';

/**
 * Who an access token speaks for (the claims sub, role, is_staff, email, as the database held them
 * when the token was issued) and the sign-in it belongs to (claim sid: the session family's id,
 * checked on every request so logout ends the token).
 */
export type AccessTokenSubject = { id: number; role: Role; isStaff: boolean; email: string; session: string };

/**
 * A verified access token: who it speaks for, when it was issued (whole seconds, claim iat) and
 * when it expires. `email` is null in a token issued before the claim existed.
 */
export type VerifiedAccessToken = Omit<AccessTokenSubject, 'email'> & { email: string | null; issuedAt: Date; expiresAt: Date };

/** A session family id (a UUID, as PostgreSQL writes it). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type AccessClaims = {
  role: Role;
  is_staff: boolean;
  email: string;
  type: 'access';
  sub: string;
  sid: string;
  iss: string;
  iat: number;
  exp: number;
};
type DecodedToken = { header: Record<string, unknown>; payload: Record<string, unknown> };

/**
 * How many verified access tokens a worker remembers (fast-jwt's LRU cache), each until it
 * expires and at most a minute: a person's requests carry the same token for 15 minutes, and
 * verifying it again was 5-9% of the worker's CPU on a feed page. A hit is the same token text
 * (keyed by its SHA-256, fast-jwt's default), already verified; refused tokens are not
 * remembered. About 1 KB each (decision record 025).
 */
const VERIFIED_TOKENS_CACHED = 10_000;
const VERIFIED_TOKEN_CACHE_MS = 60_000;

/**
 * fast-jwt verifier options: HS256 only (so `alg: none` and every other algorithm are refused),
 * our issuer, and the claims a token cannot be valid without. The shared verifier remembers the
 * tokens it accepted; one with an explicit clock (tests) does not.
 */
function verifierFor(secret: string, clockTimestamp?: number) {
  const cache = clockTimestamp === undefined ? { cache: VERIFIED_TOKENS_CACHED, cacheTTL: VERIFIED_TOKEN_CACHE_MS } : {};
  return createVerifier({
    key: secret,
    algorithms: [ALGORITHM],
    allowedIss: ISSUER,
    requiredClaims: ['iss', 'iat', 'exp', 'sub', 'sid'],
    complete: true,
    clockTimestamp,
    ...cache,
  }) as (token: string) => DecodedToken;
}

/** Signer and verifier of one secret, built once: every request verifies a token. */
type TokenKeys = { sign: (claims: AccessClaims) => string; verify: (token: string) => DecodedToken };
const keysBySecret = new Map<string, TokenKeys>();

function keysFor(secret: string): TokenKeys {
  let keys = keysBySecret.get(secret);
  if (!keys) {
    // iat and exp come in the claims (tests sign in the past), so the signer adds no timestamps.
    keys = { sign: createSigner({ key: secret, algorithm: ALGORITHM }), verify: verifierFor(secret) };
    keysBySecret.set(secret, keys);
  }
  return keys;
}

/**
 * A 15-minute HS256 access token (RFC 7519) with claims sub (user id), sid (session family),
 * role, is_staff, email, type 'access', iss, iat and exp, header `{"alg":"HS256","typ":"JWT"}`. `now`
 * lets tests issue a token in the past (to check expiry without sleeping).
 */
export async function signAccessToken(secret: string, user: AccessTokenSubject, now: Date = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return keysFor(secret).sign({
    role: user.role,
    is_staff: user.isStaff,
    email: user.email,
    type: 'access',
    sub: String(user.id),
    sid: user.session,
    iss: ISSUER,
    iat: issuedAt,
    exp: issuedAt + LIMITS.accessTokenMinutes * 60,
  });
}

/** The decoded token when fast-jwt accepts it (signature, algorithm, issuer, expiry); null otherwise. */
function decoded(secret: string, token: string, now: Date | undefined): DecodedToken | null {
  try {
    // An explicit clock (tests only) needs a verifier of its own; fast-jwt fixes it at creation.
    return now === undefined ? keysFor(secret).verify(token) : verifierFor(secret, now.getTime())(token);
  } catch {
    return null;
  }
}

/**
 * The subject of a valid, unexpired access token of ours (right key, HS256, issuer, type
 * 'access', a session id); null for anything else, tokens issued before sessions were named
 * (no sid) included. The header must be exactly alg and typ (what we sign): extra fields such as
 * kid or jku are refused rather than ignored. Never throws.
 */
export function verifyAccessToken(secret: string, token: string, now?: Date): VerifiedAccessToken | null {
  const verified = decoded(secret, token, now);
  if (!verified) return null;
  const { header, payload: claims } = verified;
  if (header.typ !== 'JWT' || Object.keys(header).length !== 2) return null;
  const id = Number(claims.sub);
  const role = roleSchema.safeParse(claims.role);
  const { exp, iat } = claims;
  if (claims.type !== 'access' || typeof claims.sub !== 'string') return null;
  if (!Number.isSafeInteger(id) || id <= 0 || !role.success) return null;
  if (typeof claims.sid !== 'string' || !SESSION_ID.test(claims.sid)) return null;
  if (typeof exp !== 'number' || exp * 1000 <= (now ?? new Date()).getTime()) return null;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return null;
  return {
    id,
    role: role.data,
    isStaff: claims.is_staff === true,
    email: typeof claims.email === 'string' ? claims.email : null,
    session: claims.sid,
    issuedAt: new Date(iat * 1000),
    expiresAt: new Date(exp * 1000),
  };
}

/** A new opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a refresh token: its SHA-256 (hex); the token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
