import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema/index';
import { hashPassword } from '../../../lib/passwords';

export type AdminInput = { email: string; password: string; firstName: string; lastName: string };

/** Unique username from the e-mail's local part (admin, admin2, admin3, ...). */
async function freeUsername(db: Database, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'admin').replace(/[^a-z0-9._-]/gi, '').toLowerCase() || 'admin';
  for (let suffix = 1; suffix < 1000; suffix += 1) {
    const candidate = suffix === 1 ? base : `${base}${suffix}`;
    const taken = await db.select({ id: users.id }).from(users).where(eq(users.username, candidate)).limit(1);
    if (taken.length === 0) return candidate;
  }
  return `${base}-${Date.now()}`;
}

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
    username: await freeUsername(db, input.email),
    passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    role: 'AD',
    isStaff: true,
    emailVerifiedAt: now,
  });
  return 'created';
}
