import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/index';
import { verifyPassword } from '../../../lib/passwords';
import { createTestApp, createUser, type TestApp } from '../../../test/index';
import { upsertAdmin } from './admin-account.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('upsertAdmin (npm run create-admin)', () => {
  it('creates a verified, active AD staff account', async () => {
    const outcome = await upsertAdmin(t.db, { email: 'boss@example.org', password: 'long-password-1', firstName: 'Bo', lastName: 'Ss' });
    expect(outcome).toBe('created');
    const [row] = await t.db.select().from(users).where(eq(users.email, 'boss@example.org'));
    expect(row).toMatchObject({ role: 'AD', isStaff: true, isActive: true, firstName: 'Bo', username: 'bo_ss' });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(row?.passwordHash ?? '', 'long-password-1')).toBe(true);
  });

  it('promotes an existing account (found case-insensitively) and sets its password', async () => {
    const trainee = await createUser(t.db, { role: 'TR', verified: false, email: 'promote.me@example.org' });
    const outcome = await upsertAdmin(t.db, { email: 'Promote.Me@example.org', password: 'new-password-2', firstName: 'X', lastName: 'Y' });
    expect(outcome).toBe('promoted');
    const [row] = await t.db.select().from(users).where(eq(users.id, trainee.id));
    expect(row).toMatchObject({ role: 'AD', isStaff: true, isActive: true });
    expect(row?.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(row?.passwordHash ?? '', 'new-password-2')).toBe(true);
  });

  it('makes the username from the name, never the e-mail, and picks a free one', async () => {
    await createUser(t.db, { username: 'chief' });
    await upsertAdmin(t.db, { email: 'hidden.local@example.org', password: 'long-password-3', firstName: 'Chief', lastName: '' });
    const [row] = await t.db.select().from(users).where(eq(users.email, 'hidden.local@example.org'));
    expect(row?.username).toBe('chief2');
  });
});
