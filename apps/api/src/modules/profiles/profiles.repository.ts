import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index';

export async function findUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** True when someone other than `exceptUserId` has this handle, compared case-insensitively. */
export async function isHandleTaken(db: Executor, handle: string, exceptUserId: number): Promise<boolean> {
  // lower(handle) = lower($1) is served by users_handle_lower_unique.
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.handle}) = lower(${handle})`, ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

export type ProfileChanges = Partial<
  Pick<
    NewUserRow,
    | 'firstName'
    | 'lastName'
    | 'phoneNumber'
    | 'countryCode'
    | 'handle'
    | 'bio'
    | 'skills'
    | 'image'
    | 'headline'
    | 'company'
    | 'jobTitle'
    | 'location'
    | 'cohortYear'
    | 'openToReferrals'
  >
>;

export async function updateUserProfile(db: Executor, userId: number, changes: ProfileChanges): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}
