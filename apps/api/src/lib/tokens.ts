import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS, roleSchema, type Role } from '@alumlink/contract';

const ISSUER = 'alumlink';

/**
 * Who an access token speaks for (the claims sub, role, is_staff) and the sign-in it belongs to
 * (claim sid: the session family's id, checked on every request so logout ends the token).
 */
export type AccessTokenSubject = { id: number; role: Role; isStaff: boolean; session: string };

/** A session family id (a UUID, as PostgreSQL writes it). */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The one header every access token carries. Verification compares the token's header with
 * these exact bytes, so `alg: none`, other algorithms and extra header fields are all refused
 * before any signature is computed.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** A compact JWT's three base64url parts. */
const COMPACT_JWT = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', secret).update(signingInput).digest();
}

/**
 * A 15-minute HS256 access token (RFC 7519) with claims sub (user id), sid (session family),
 * role, is_staff, type 'access', iss, iat and exp. `now` lets tests issue a token in the past (to check expiry
 * without sleeping). Signed with node:crypto's HMAC directly: synchronous and cheap, since
 * every request verifies one.
 */
export async function signAccessToken(secret: string, user: AccessTokenSubject, now: Date = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const claims = {
    role: user.role,
    is_staff: user.isStaff,
    type: 'access',
    sub: String(user.id),
    sid: user.session,
    iss: ISSUER,
    iat: issuedAt,
    exp: issuedAt + LIMITS.accessTokenMinutes * 60,
  };
  const signingInput = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${signingInput}.${signature(secret, signingInput).toString('base64url')}`;
}

/** The verified claims of an access token, or null. */
function verifiedClaims(secret: string, token: string): Record<string, unknown> | null {
  const parts = COMPACT_JWT.exec(token);
  if (!parts || parts[1] !== HEADER) return null;
  const expected = signature(secret, `${parts[1]}.${parts[2]}`);
  const given = Buffer.from(parts[3] ?? '', 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[2] ?? '', 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A verified access token: who it speaks for and when it expires. */
export type VerifiedAccessToken = AccessTokenSubject & { expiresAt: Date };

/**
 * The subject of a valid, unexpired access token of ours (right key, HS256, issuer, type
 * 'access', a session id); null for anything else, tokens issued before sessions were named
 * (no sid) included. Never throws.
 */
export function verifyAccessToken(secret: string, token: string, now: Date = new Date()): VerifiedAccessToken | null {
  const claims = verifiedClaims(secret, token);
  if (!claims) return null;
  const id = Number(claims.sub);
  const role = roleSchema.safeParse(claims.role);
  const { exp } = claims;
  if (claims.type !== 'access' || claims.iss !== ISSUER || typeof claims.sub !== 'string') return null;
  if (!Number.isSafeInteger(id) || id <= 0 || !role.success) return null;
  if (typeof claims.sid !== 'string' || !SESSION_ID.test(claims.sid)) return null;
  if (typeof exp !== 'number' || exp * 1000 <= now.getTime()) return null;
  return { id, role: role.data, isStaff: claims.is_staff === true, session: claims.sid, expiresAt: new Date(exp * 1000) };
}

/** A new opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a refresh token: its SHA-256 (hex); the token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
