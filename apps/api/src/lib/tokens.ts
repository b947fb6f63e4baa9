import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, roleSchema, type Role } from '@alumlink/contract';
import { jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'alumlink';

/** Who an access token speaks for (the claims sub, role, is_staff). */
export type AccessTokenSubject = { id: number; role: Role; isStaff: boolean };

function signingKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * A 15-minute HS256 access token with claims sub (user id), role, is_staff and type 'access'.
 * `now` lets tests issue a token in the past (to check expiry without sleeping).
 */
export async function signAccessToken(secret: string, user: AccessTokenSubject, now: Date = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role: user.role, is_staff: user.isStaff, type: 'access' })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIMITS.accessTokenMinutes * 60)
    .sign(signingKey(secret));
}

/** The subject of a valid, unexpired access token; null for anything else (never throws). */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessTokenSubject | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), { algorithms: [ALGORITHM], issuer: ISSUER });
    const id = Number(payload.sub);
    const role = roleSchema.safeParse(payload.role);
    if (payload.type !== 'access' || !Number.isSafeInteger(id) || id <= 0 || !role.success) return null;
    return { id, role: role.data, isStaff: payload.is_staff === true };
  } catch {
    return null;
  }
}

/** A new opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a refresh token: its SHA-256 (hex); the token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
