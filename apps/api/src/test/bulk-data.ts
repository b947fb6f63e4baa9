import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sampleCareerSql } from '../seed/career-samples';

/** How many people a query-plan test's database starts with (createTestApp's `bulkPeople`). */
export const BULK_PEOPLE = 5000;

/** Which bulk people: names 'F{n}' / 'L{n}', or ('varied-names') ten characters of an md5. */
export type BulkPeople = 'plain' | 'varied-names';

/** Hash of the code that makes bulk people: a dump holding them is rebuilt when it changes. */
export function bulkDataFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of ['./bulk-data.ts', '../seed/career-samples.ts']) hash.update(readFileSync(new URL(file, import.meta.url)));
  return hash.digest('hex').slice(0, 12);
}

/**
 * Inserts `count` verified people in one statement, for tests that need large tables (query
 * plans): e-mail bulk{n}@example.com, username bulk{n}, and realistic career fields
 * (sampleCareerSql). Names are 'F{n}' / 'L{n}', or with `variedNames` ten characters of an md5,
 * so that a few characters of one name are selective.
 */
export async function insertBulkPeople(db: Executor, count: number, { variedNames = false } = {}): Promise<void> {
  const names = variedNames ? sql`substr(md5('f' || g), 1, 10), substr(md5('l' || g), 1, 10)` : sql`'F' || g, 'L' || g`;
  const career = sampleCareerSql('g');
  const careerValues = sql.raw(
    [career.headline, career.company, career.jobTitle, career.location, career.cohortYear, career.skills, career.openToReferrals].join(
      ', ',
    ),
  );
  await db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, email_verified_at,
      headline, company, job_title, location, cohort_year, skills, open_to_referrals)
    select 'bulk' || g || '@example.com', 'bulk' || g, 'x', ${names}, now(), ${careerValues} from generate_series(1, ${count}) g`);
}

/**
 * 16,667 session families (ids md5('f' || n) as uuids) spread over the first 5,000 people of
 * insertBulkPeople (three each, about), started a day ago.
 */
export async function insertBulkSessionFamilies(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into session_families (id, user_id, started_at)
    select md5('f' || f)::uuid, 1 + (f * 3) % 5000, now() - interval '1 day' from generate_series(0, 16666) f`);
}
