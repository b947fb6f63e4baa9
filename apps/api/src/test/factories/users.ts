import type { Role } from '@alumlink/contract';
import type { Executor } from '../../db/client';
import { users, type UserRow } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import { usernameBase } from '../../modules/users/users.service';
import { inserted, nextUnique } from './support';

/** Password of every factory user unless given; its argon2id hash is precomputed (hashing is slow). */
export const TEST_PASSWORD = 'test-password-1';
const TEST_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$fj4qB2vne0rpdk0zm1HlAw$pzrTC90pw+BRMidC8YUzePJGvLptA6R8iAGAzPtsBWs';

export type CreateUserOptions = {
  role?: Role;
  /** Verified e-mail (default true). */
  verified?: boolean;
  email?: string;
  username?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  isStaff?: boolean;
  isActive?: boolean;
  handle?: string | null;
  bio?: string;
  skills?: string;
  countryCode?: string;
  phoneNumber?: string;
  image?: string | null;
  createdAt?: Date;
  headline?: string;
  company?: string;
  jobTitle?: string;
  location?: string;
  cohortYear?: number | null;
  openToReferrals?: boolean;
};

/** A user row plus the plain password it can sign in with. */
export type TestUser = UserRow & { password: string };

/**
 * Inserts a real, unique user (default: verified, active trainee with TEST_PASSWORD).
 * An AD user is staff unless isStaff says otherwise.
 */
export async function createUser(db: Executor, options: CreateUserOptions = {}): Promise<TestUser> {
  const unique = nextUnique();
  const password = options.password ?? TEST_PASSWORD;
  const passwordHash = options.password === undefined ? TEST_PASSWORD_HASH : await hashPassword(password);
  const role = options.role ?? 'TR';
  const email = (options.email ?? `user${unique}@test.example`).toLowerCase();
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `User ${unique}`;
  const rows = await db
    .insert(users)
    .values({
      email,
      // From the name as registration makes it (never the e-mail), numbered to stay unique.
      username: options.username ?? `${usernameBase(firstName, options.lastName ?? 'user')}_${unique}`,
      passwordHash,
      firstName,
      lastName,
      role,
      isStaff: options.isStaff ?? role === 'AD',
      isActive: options.isActive ?? true,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      handle: options.handle ?? null,
      bio: options.bio ?? '',
      skills: options.skills ?? '',
      countryCode: options.countryCode ?? '',
      phoneNumber: options.phoneNumber ?? '',
      image: options.image ?? null,
      headline: options.headline ?? '',
      company: options.company ?? '',
      jobTitle: options.jobTitle ?? '',
      location: options.location ?? '',
      cohortYear: options.cohortYear ?? null,
      openToReferrals: options.openToReferrals ?? false,
      ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
    })
    .returning();
  return { ...inserted(rows, 'createUser'), password };
}
