import { eq, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { usernameAliases, users, type NewUserRow, type UserRow } from '../../db/schema/index';
import { type UserSummaryRow } from './users.presenter';
import { userSummaryColumns } from './users.sql';

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** The statements of this module, prepared once per app (`ctx.repositories.users`). */
export function createUsersRepository(db: Database) {
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('users_by_id');
  return {
    /**
     * findUserById as a prepared statement: the signed-in person's own record, which the web app
     * reads on every load (built on each request, the query was a fifth of that route's CPU).
     */
    async findById(id: number): Promise<UserRow | null> {
      const [row] = await byId.execute({ id });
      return row ?? null;
    },
  };
}

/** A person's summary with their e-mail (for notification actors: the notifier hides it from whoever may not see it). */
export async function findUserSummary(db: Executor, id: number): Promise<UserSummaryRow | null> {
  const [row] = await db.select(userSummaryColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Case-insensitive (served by users_email_lower_unique); locks the row when `forUpdate`. */
export async function findUserByEmail(db: Executor, email: string, forUpdate = false): Promise<UserRow | null> {
  const query = db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Usernames, current or kept as aliases, equal to `base` or `base` followed by digits (base is
 * [a-z0-9_] only).
 */
export async function findUsernamesLike(db: Executor, base: string): Promise<string[]> {
  const pattern = `^${base}[0-9]+$`;
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(or(eq(users.username, base), sql`${users.username} ~ ${pattern}`))
    .union(
      db
        .select({ username: usernameAliases.oldUsername })
        .from(usernameAliases)
        .where(or(eq(usernameAliases.oldUsername, base), sql`${usernameAliases.oldUsername} ~ ${pattern}`)),
    );
  return rows.map((row) => row.username);
}

/**
 * The person whose username is `username`, else the one who had it before (an alias kept by
 * migration 0026), or null: one statement on users_username_unique and username_aliases_pkey.
 */
export async function findUserIdByUsername(db: Executor, username: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username))
    .unionAll(db.select({ id: usernameAliases.userId }).from(usernameAliases).where(eq(usernameAliases.oldUsername, username)))
    .limit(1);
  return row?.id ?? null;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insertUser: no row returned');
  return row;
}

export async function updateUser(db: Executor, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error('updateUser: no row returned');
  return row;
}

/**
 * Deletes the person's row, last in the leave step (modules/account/leave.service.ts): each
 * module's part ran before it; what is left goes with the row (cascades) or stays for the other
 * people with the person's id set to null (docs/security.md, "Deleting a person").
 */
export async function deleteUserRow(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}
