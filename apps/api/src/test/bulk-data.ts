import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Inserts `count` verified people in one statement, for tests that need large tables (query
 * plans): e-mail bulk{n}@example.com, username bulk{n}. Names are 'F{n}' / 'L{n}', or with
 * `variedNames` ten characters of an md5, so that a few characters of one name are selective.
 */
export async function insertBulkPeople(db: Executor, count: number, { variedNames = false } = {}): Promise<void> {
  const names = variedNames ? sql`substr(md5('f' || g), 1, 10), substr(md5('l' || g), 1, 10)` : sql`'F' || g, 'L' || g`;
  await db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, email_verified_at)
    select 'bulk' || g || '@example.com', 'bulk' || g, 'x', ${names}, now() from generate_series(1, ${count}) g`);
}
