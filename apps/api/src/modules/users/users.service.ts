import type { User } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { presentUser } from './users.presenter';
import {
  deleteAbandonedConversations,
  deleteUserRow,
  findUserByEmail,
  findUserById,
  findUserSummary,
  findUsernamesLike,
  insertUser,
  releasePersonCounters,
  updateUser,
} from './users.repository';

export { findUserByEmail, findUserById, findUserSummary, insertUser, updateUser };

const USERNAME_MAX = 30;

/**
 * Deletes a person for good, inside the caller's transaction (`tx`), after the caller locked
 * their row (FOR UPDATE: no like, comment, membership or registration of theirs can land
 * meanwhile) and checked the permission: the admin deletion uses it, "delete my account" can.
 * Their likes, comments, memberships and registrations come off the counters first, in the same
 * transaction; their conversations stay for the other person ('Deleted user'), except those
 * whose other person is gone too. False when there was no such person.
 */
export async function deletePerson(tx: Executor, personId: number): Promise<boolean> {
  await releasePersonCounters(tx, personId);
  await deleteAbandonedConversations(tx, personId);
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
