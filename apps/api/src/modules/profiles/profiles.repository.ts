import type { PrivateField } from '@alumlink/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index';
import { fieldVisibleToViewerIdSql, visibleToViewerIdSql } from '../settings/visibility';

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

/**
 * A person's row, whether `viewerId` may see them (profile visibility) and each private field's
 * audience, in one statement with placeholders (viewerId, personId): the profile route's three
 * lookups as one prepared round trip. Admins and the person see everything (the service decides).
 */
export function profileForViewerQuery(db: Database) {
  const viewerId = sql.placeholder('viewerId');
  const field = (name: PrivateField) => fieldVisibleToViewerIdSql(viewerId, users.id, name).mapWith(Boolean);
  return db
    .select({
      user: users,
      visible: visibleToViewerIdSql(viewerId, users.id).mapWith(Boolean),
      fields: {
        email: field('email'),
        phone: field('phone'),
        company: field('company'),
        location: field('location'),
        cohort_year: field('cohort_year'),
        skills: field('skills'),
      },
    })
    .from(users)
    .where(sql`${users.id} = ${sql.placeholder('personId')}::integer`)
    .limit(1);
}

/** The statements of this module, prepared once per app (`ctx.repositories.profiles`). */
export function createProfilesRepository(db: Database) {
  const byId = profileForViewerQuery(db).prepare('profiles_for_viewer');
  return {
    /** See profileForViewerQuery; null for an unknown id. */
    async findProfileForViewer(viewerId: number, personId: number) {
      const [row] = await byId.execute({ viewerId, personId });
      return row ?? null;
    },
  };
}
