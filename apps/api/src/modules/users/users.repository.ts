import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index';

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
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

/** Usernames equal to `base` or `base` followed by digits (base is [a-z0-9_] only). */
export async function findUsernamesLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(or(eq(users.username, base), sql`${users.username} ~ ${`^${base}[0-9]+$`}`));
  return rows.map((row) => row.username);
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
