import { and, asc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { prepareRawStatement } from '../../../db/prepared';
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

/** Placeholders of the search statement, typed for PostgreSQL. */
const input = {
  contains: sql`${sql.placeholder('contains')}::text`,
  id: sql`${sql.placeholder('id')}::integer`,
  role: sql`${sql.placeholder('role')}::text`,
  afterId: sql`${sql.placeholder('afterId')}::integer`,
  take: sql`${sql.placeholder('take')}::integer`,
};

/**
 * A search page and its total in one statement (placeholders of searchUsersParams): the
 * matches (trigram indexes for the substrings, the primary key for the id; the role, if any,
 * filters them) are found once, in one pass over their rows, and both counted and cut to the
 * page (ids after `afterId`, by id). Walking users_pkey instead would read every person before
 * the page's last match, all of them for a rare name. One row with null columns but the total
 * when the page is empty.
 */
export const searchUsersStatement = sql`
  with matches as materialized (
    select id from users
    where (lower(first_name) like ${input.contains} or lower(last_name) like ${input.contains}
        or lower(email) like ${input.contains} or id = ${input.id})
      and (${input.role} is null or role = ${input.role})
  ),
  page as (
    select id from matches where id > ${input.afterId} order by id limit ${input.take}
  )
  select (select count(*) from matches)::integer as total,
    u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.is_staff, u.is_active, u.created_at, u.image
  from (select) as one
  left join (page join users u on u.id = page.id) on true
  order by u.id`;

type SearchRow = {
  total: number;
  id: number | null;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  is_staff: boolean;
  is_active: boolean;
  created_at: string | Date;
  image: string | null;
};

const prepareStatements = (db: Database) => ({ search: prepareRawStatement<SearchRow>(db, 'admin_users_search', searchUsersStatement) });

/** The placeholders of searchUsersStatement. */
export function searchUsersParams(filters: UserFilters & { text: string }, page: UserPage) {
  return {
    contains: likeContains(filters.text),
    // 0 matches no one (ids start at 1).
    id: filters.id ?? 0,
    role: filters.role ?? null,
    afterId: page.afterId ?? 0,
    take: page.take,
  };
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

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.adminUsers`). */
export function createAdminUsersRepository(db: Database) {
  const statements = prepareStatements(db);
  return {
    /** A page of people matching a text search, by id, and the total matching (searchUsersStatement). */
    async searchUsers(filters: UserFilters & { text: string }, page: UserPage): Promise<{ rows: AdminUserRow[]; total: number }> {
      const rows = await statements.search.execute(searchUsersParams(filters, page));
      const people: AdminUserRow[] = [];
      for (const row of rows) {
        if (row.id === null) continue;
        people.push({
          id: row.id,
          username: row.username,
          email: row.email,
          firstName: row.first_name,
          lastName: row.last_name,
          role: row.role,
          isStaff: row.is_staff,
          isActive: row.is_active,
          createdAt: new Date(row.created_at),
          image: row.image,
        });
      }
      return { rows: people, total: rows[0]?.total ?? 0 };
    },
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;
