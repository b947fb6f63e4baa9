import { randomUUID } from 'node:crypto';
import { LIMITS } from '@alumlink/contract';
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../apps/api/src/lib/tokens';
import { BENCH_PASSWORD, emailOf, roleOf } from './identities';
import type { SqlSession } from './sql-session';

/**
 * One sign-in (session family) per person, written straight into the database before the
 * server starts: access tokens name it in their sid claim. Session ids by person id.
 */
export async function insertSessionFamilies(session: SqlSession, ids: Iterable<number>): Promise<Map<number, string>> {
  const sessions = new Map<number, string>();
  for (const id of ids) sessions.set(id, randomUUID());
  await session.query(`INSERT INTO session_families (id, user_id) SELECT sid, owner FROM unnest($1::uuid[], $2::int[]) AS t(sid, owner)`, [
    [...sessions.values()],
    [...sessions.keys()],
  ]);
  return sessions;
}

/**
 * Access tokens by person id, minted with the server's signing key for the sign-ins of
 * insertSessionFamilies (what POST /api/token/ would answer).
 */
export async function mintAccessTokens(secret: string, sessions: Map<number, string>): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  for (const [id, session] of sessions) {
    tokens.set(id, await signAccessToken(secret, { id, role: roleOf(id), isStaff: id === 1, email: emailOf(id), session }));
  }
  return tokens;
}

/**
 * Refresh tokens for the refresh benchmark: each request needs an unused one (a reused token
 * revokes its family). Stored hashed, one family each, exactly as a sign-in stores them, in one
 * set-based insert per 10,000.
 */
export async function insertRefreshPool(session: SqlSession, userIds: number[], size: number): Promise<string[]> {
  const tokens: string[] = [];
  const expiresAt = new Date(Date.now() + LIMITS.refreshTokenDays * 86_400_000).toISOString();
  for (let start = 0; start < size; start += 10_000) {
    const owners: number[] = [];
    const hashes: string[] = [];
    for (let index = start; index < Math.min(size, start + 10_000); index += 1) {
      const token = newRefreshToken();
      tokens.push(token);
      owners.push(userIds[index % userIds.length] ?? 2);
      hashes.push(hashRefreshToken(token));
    }
    await session.query(
      `WITH pool AS (SELECT owner, hash, gen_random_uuid() AS family FROM unnest($1::int[], $2::text[]) AS t(owner, hash)),
       families AS (INSERT INTO session_families (id, user_id) SELECT family, owner FROM pool)
       INSERT INTO refresh_sessions (user_id, token_hash, family, expires_at)
       SELECT owner, hash, family, $3::timestamptz FROM pool`,
      [owners, hashes, expiresAt],
    );
  }
  return tokens;
}

/**
 * What the refresh row says about its pool. Past the pool, requests reuse tokens, which the
 * server rightly refuses with 401: the note says so, so those 401s are not read as failures.
 */
export function refreshPoolNote(poolSize: number, sent: number): string {
  const base = `each request uses a fresh token from a pool of ${poolSize}`;
  if (sent <= poolSize) return base;
  return `${base}; the pool ran out after ${poolSize} of ${sent} requests, and reused tokens are refused (401)`;
}

/** Signs a few people in through POST /api/token/ (proves the loaded password hash and accounts work). */
export async function signInThroughApi(baseUrl: string, ids: number[]): Promise<{ access: string; refresh: string }[]> {
  const pairs: { access: string; refresh: string }[] = [];
  for (const id of ids) {
    const response = await fetch(`${baseUrl}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': `bench-signin-${randomUUID()}` },
      body: JSON.stringify({ email: emailOf(id), password: BENCH_PASSWORD }),
    });
    const body = (await response.json()) as { access?: string; refresh?: string };
    if (response.status !== 200 || !body.access || !body.refresh) {
      throw new Error(`Sign-in of ${emailOf(id)} failed: ${response.status} ${JSON.stringify(body)}`);
    }
    pairs.push({ access: body.access, refresh: body.refresh });
  }
  return pairs;
}
