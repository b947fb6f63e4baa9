import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../db/schema/index';
import { seedDemo } from '../seed/index';
import { authHeader } from './auth-helpers';
import { createTestApp, type TestApp } from './create-test-app';

/** A test app with the demo seeded into it; the seed must have run each of `steps`. */
export async function seededDemoApp(steps: readonly string[]): Promise<TestApp> {
  const t = await createTestApp();
  const result = await seedDemo(t.db);
  expect(result.steps).toEqual(expect.arrayContaining([...steps]));
  return t;
}

/** The auth header of the demo person with this e-mail. */
export async function demoPersonHeaders(t: TestApp, email: string) {
  const [person] = await t.db
    .select()
    .from(users)
    .where(sql`${users.email} = ${email}`);
  if (!person) throw new Error(`no demo person ${email}`);
  return authHeader(t.app, person);
}
