// Every reference to a person in the migrated schema is either exported by a module's section or
// left out with a reason (NOT_EXPORTED): a new table that points at users(id) fails here until
// its module says what the person gets of it.
import { DATA_EXPORT_FILES } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/index';
import { EXPORT_SECTIONS, NOT_EXPORTED } from './data-export.sections';

let t: TestApp;
let references: string[];

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.execute<{ reference: string }>(sql`
    select distinct c.conrelid::regclass::text || '.' || a.attname as reference
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
    where c.contype = 'f' and c.confrelid = 'users'::regclass
    order by 1`);
  references = rows.rows.map((row) => row.reference);
});
afterAll(() => t.close());

const exported = () => EXPORT_SECTIONS.flatMap((section) => section.tables);

describe('data export coverage', () => {
  it('finds the references to users(id) in the migrated database', () => {
    expect(references).toContain('posts.user_id');
    expect(references.length).toBeGreaterThan(20);
  });

  it('exports or excuses every reference to a person', () => {
    const covered = new Set([...exported(), ...Object.keys(NOT_EXPORTED)]);
    expect(
      references.filter((reference) => !covered.has(reference)),
      'references to users(id) that no export section names and NOT_EXPORTED does not excuse',
    ).toEqual([]);
  });

  it('names only references that exist, each once, and gives every exclusion a reason', () => {
    const named = [...exported(), ...Object.keys(NOT_EXPORTED)];
    expect(named.filter((reference) => !references.includes(reference))).toEqual([]);
    expect(named.filter((reference, index) => named.indexOf(reference) !== index)).toEqual([]);
    for (const [reference, reason] of Object.entries(NOT_EXPORTED)) expect(reason.length, reference).toBeGreaterThan(20);
  });

  it('writes the files of the contract, in its order, each once', () => {
    expect(EXPORT_SECTIONS.map((section) => section.file)).toEqual([...DATA_EXPORT_FILES]);
  });
});
