import type { User } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { presentUser } from './users.presenter';
import {
  deleteUserRow,
  findUserByEmail,
  findUserById,
  findUserSummary,
  findUsernamesLike,
  insertUser,
  updateUser,
} from './users.repository';

export { findUserByEmail, findUserById, findUserSummary, insertUser, updateUser };

const USERNAME_MAX = 30;

/**
 * Deletes a person's row, inside the leave step's transaction (`tx`) once every module's part ran
 * (modules/account/leave.service.ts). False when there was no such person.
 */
export async function deletePerson(tx: Executor, personId: number): Promise<boolean> {
  return deleteUserRow(tx, personId);
}

/** Lower-case [a-z0-9_] from an e-mail's local part ('user' when nothing is left). */
export function usernameBase(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, USERNAME_MAX - 6);
  return cleaned === '' ? 'user' : cleaned;
}

/** The e-mail's local part made unique: `anna`, then `anna2`, `anna3`, ... */
export async function uniqueUsername(db: Executor, email: string): Promise<string> {
  const base = usernameBase(email);
  const taken = new Set(await findUsernamesLike(db, base));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The signed-in person's own record (404 if they were deleted meanwhile). */
export async function getOwnUser(ctx: Pick<AppContext, 'repositories'>, userId: number): Promise<User> {
  const row: UserRow | null = await ctx.repositories.users.findById(userId);
  if (!row) throw notFound();
  return presentUser(row);
}
