import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { hashPassword } from '../../../lib/passwords';
import { uniqueUsername } from '../../users/users.service';

export type AdminInput = { email: string; password: string; firstName: string; lastName: string };

/**
 * Creates a verified, active AD staff account, or promotes the existing account with that
 * e-mail (and sets the given password).
 */
export async function upsertAdmin(db: Database, input: AdminInput): Promise<'created' | 'promoted'> {
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const [existing] = await db
    .select({ id: users.id, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  if (existing) {
    await db
      .update(users)
      .set({
        role: 'AD',
        isStaff: true,
        isActive: true,
        passwordHash,
        emailVerifiedAt: existing.emailVerifiedAt ?? now,
        updatedAt: now,
      })
      .where(eq(users.id, existing.id));
    return 'promoted';
  }
  await db.insert(users).values({
    email: input.email.toLowerCase(),
    username: await uniqueUsername(db, input.firstName, input.lastName),
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    role: 'AD',
    isStaff: true,
    emailVerifiedAt: now,
  });
  return 'created';
}
