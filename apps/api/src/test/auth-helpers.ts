import type { Role } from '@alumlink/contract';
import type { App } from '../app';
import type { UserRow } from '../db/schema/index';
import { signAccessToken } from '../lib/tokens';

type TokenUser = Pick<UserRow, 'id' | 'role' | 'isStaff'>;

/** A valid access token for `user`, issued directly (no sign-in round trip); `now` back-dates it. */
export function accessTokenFor(app: App, user: TokenUser, now?: Date): Promise<string> {
  return signAccessToken(app.config.jwtSecret, { id: user.id, role: user.role as Role, isStaff: user.isStaff }, now);
}

/** `{ authorization: 'Bearer <access>' }` for `app.inject({ headers })`. */
export async function authHeader(app: App, user: TokenUser): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await accessTokenFor(app, user)}` };
}
