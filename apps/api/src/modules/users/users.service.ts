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
  findUserIdByUsername,
  findUserSummary,
  findUsernamesLike,
  insertUser,
  updateUser,
} from './users.repository';

export { findUserByEmail, findUserById, findUserIdByUsername, findUserSummary, insertUser, updateUser };

const USERNAME_MAX = 30;

/** Latin letters NFKD does not split into a base letter and a mark. */
const UNDECOMPOSED_LETTERS: Readonly<Record<string, string>> = { ł: 'l', ø: 'o', đ: 'd', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i' };

/**
 * Deletes a person's row, inside the leave step's transaction (`tx`) once every module's part ran
 * (modules/account/leave.service.ts). False when there was no such person.
 */
export async function deletePerson(tx: Executor, personId: number): Promise<boolean> {
  return deleteUserRow(tx, personId);
}

/**
 * Lower-case [a-z0-9_] from a person's name ("Zoë van Dijk" → `zoe_van_dijk`; 'member' when
 * nothing is left). Never from the e-mail or another field the person may hide (DESIGN 7).
 */
export function usernameBase(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łøđßæœþı]/g, (letter) => UNDECOMPOSED_LETTERS[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, USERNAME_MAX - 6)
    .replace(/_+$/, '');
  return slug === '' ? 'member' : slug;
}

/**
 * The name made unique: `anna_berg`, then `anna_berg2`, `anna_berg3`, ... skipping current
 * usernames and the old ones kept as aliases (a link by an old username keeps its person).
 */
export async function uniqueUsername(db: Executor, firstName: string, lastName: string): Promise<string> {
  const base = usernameBase(firstName, lastName);
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
