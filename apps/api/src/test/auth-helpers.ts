import { randomUUID } from 'node:crypto';
import type { Role } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import type { Executor } from '../db/client';
import type { UserRow } from '../db/schema/index';
import { signAccessToken } from '../lib/tokens';

type TokenUser = Pick<UserRow, 'id' | 'role' | 'isStaff' | 'email'>;

/**
 * A new sign-in (session family) of a person, written straight into the database; its id is
 * what access tokens carry as `sid`. For an id with no person, nothing is written (tokens for
 * it are refused like those of a deleted person). `startedAt` back-dates it.
 */
export async function startTestSession(db: Executor, userId: number, startedAt: Date = new Date()): Promise<string> {
  const id = randomUUID();
  await db.execute(sql`
    insert into session_families (id, user_id, started_at)
    select ${id}::uuid, id, ${startedAt.toISOString()}::timestamptz from users where id = ${userId}`);
  return id;
}

/**
 * A valid access token for `user` in a new sign-in of theirs, issued directly (no sign-in round
 * trip); `now` back-dates the token, `session` reuses a sign-in from startTestSession.
 */
export async function accessTokenFor(app: App, user: TokenUser, now?: Date, session?: string): Promise<string> {
  const sid = session ?? (await startTestSession(app.db, user.id));
  return signAccessToken(
    app.config.jwtSecret,
    { id: user.id, role: user.role as Role, isStaff: user.isStaff, email: user.email, session: sid },
    now,
  );
}

/** `{ authorization: 'Bearer <access>' }` for `app.inject({ headers })`. */
export async function authHeader(app: App, user: TokenUser): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await accessTokenFor(app, user)}` };
}
