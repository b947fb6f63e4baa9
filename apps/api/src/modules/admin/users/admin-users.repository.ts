import { and, asc, count, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { statCounters, users, type UserRow } from '../../../db/schema/index';
import { likeContains } from '../../../lib/pagination';

export type AdminUserRow = Pick<
  UserRow,
  'id' | 'username' | 'email' | 'firstName' | 'lastName' | 'role' | 'isStaff' | 'isActive' | 'createdAt' | 'image'
>;

const listColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isStaff: users.isStaff,
  isActive: users.isActive,
  createdAt: users.createdAt,
  image: users.image,
};

export type UserFilters = {
  /** Lower-cased search text: substring of first name, last name or e-mail. */
  text?: string;
  /** Also match this exact id (when the search text is a number). */
  id?: number;
  role?: string;
};

/** `lower(col) like` served by the users_*_trgm GIN indexes; the id by the primary key. */
function filterConditions(filters: UserFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.text !== undefined) {
    const pattern = likeContains(filters.text);
    const matches: SQL[] = [
      sql`lower(${users.firstName}) like ${pattern}`,
      sql`lower(${users.lastName}) like ${pattern}`,
      sql`lower(${users.email}) like ${pattern}`,
    ];
    if (filters.id !== undefined) matches.push(eq(users.id, filters.id));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  if (filters.role !== undefined) conditions.push(eq(users.role, filters.role));
  return conditions;
}

export type UserPage = { afterId?: number; take: number };

/** People matching the filters ordered by id, after `afterId` (keyset on the primary key). */
export function findUsers(db: Executor, filters: UserFilters, page: UserPage): Promise<AdminUserRow[]> {
  return usersQuery(db, filters, page).execute();
}

/** The query of findUsers, unexecuted (tests EXPLAIN it). */
export function usersQuery(db: Executor, filters: UserFilters, page: UserPage) {
  const conditions = filterConditions(filters);
  if (page.afterId !== undefined) conditions.push(gt(users.id, page.afterId));
  return db
    .select(listColumns)
    .from(users)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(asc(users.id))
    .limit(page.take);
}

/** count(*) of the people matching a text search (bounded by the trigram indexes). */
export async function countUsers(db: Executor, filters: UserFilters): Promise<number> {
  const [row] = await countUsersQuery(db, filters);
  return row?.total ?? 0;
}

/** The query of countUsers, unexecuted (tests EXPLAIN it). */
export function countUsersQuery(db: Executor, filters: UserFilters) {
  const conditions = filterConditions(filters);
  return db
    .select({ total: count() })
    .from(users)
    .where(conditions.length > 0 ? and(...conditions) : undefined);
}

/** Running totals kept by the stats triggers (missing keys count as 0). */
export async function readCounters(db: Executor, keys: string[]): Promise<Map<string, number>> {
  const rows = await db.select().from(statCounters).where(inArray(statCounters.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The person, row-locked until the transaction ends (role changes and deletions). */
export async function lockUser(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function setUserRole(db: Executor, id: number, role: string): Promise<AdminUserRow> {
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning(listColumns);
  if (!row) throw new Error('setUserRole: no row returned');
  return row;
}

/** Deletes the person; their content goes with them through the foreign keys' cascades. */
export async function deleteUserRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
