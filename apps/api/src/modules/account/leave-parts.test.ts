import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveRule } from '../../lib/leave';
import { createTestApp, type TestApp } from '../../test/index';
import { LEAVE_PARTS } from './leave-parts';

// Coverage of the leave step (DESIGN 7, STYLE 27): every column of the migrated schema that refers
// to a person needs exactly one leave rule in some module's part, and the rule must agree with what
// the database does when the person's row goes. A new table with a reference to users fails here
// until its module says what leaving does to it.

/** Columns that name a person without a foreign key (an e-mail, an id next to a type): the schema cannot list them. */
const PERSON_COLUMNS_WITHOUT_FOREIGN_KEY = [
  'registration_attempts.email',
  'sign_in_throttles.account_key',
  'outgoing_emails.to_address',
  'audit_log.target_id',
];

/** What each rule needs the foreign key to do once the person's row is deleted. */
const ON_DELETE_FOR: Record<LeaveRule['rule'], string[]> = {
  // The rows stay for others: the reference must become null, never take the row with it.
  kept: ['set null'],
  // Their own rows: they go with the person.
  cascade: ['cascade'],
  // The part removes them itself; the key either backs it up or lets a straggler stay anonymous.
  removed: ['cascade', 'set null'],
};

type ForeignKey = { table: string; column: string; on_delete: string };

let t: TestApp;
let foreignKeys: ForeignKey[];
let columns: Set<string>;

beforeAll(async () => {
  t = await createTestApp();
  // Every foreign key to users(id) of the migrated database, with its ON DELETE action.
  const { rows } = await t.db.execute<ForeignKey>(sql`
    select child.relname as table, attribute.attname as column,
      case constraint_row.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'd' then 'set default'
        when 'r' then 'restrict' else 'no action' end as on_delete
    from pg_constraint constraint_row
    join pg_class child on child.oid = constraint_row.conrelid
    join pg_attribute attribute on attribute.attrelid = constraint_row.conrelid and attribute.attnum = any(constraint_row.conkey)
    where constraint_row.contype = 'f' and constraint_row.confrelid = 'public.users'::regclass
    order by 1, 2`);
  // And the keys that reach a person through another person column (mentor_topics.user_id ->
  // mentor_profiles.user_id -> users.id): followed until nothing new is found.
  const { rows: allKeys } = await t.db.execute<{ table: string; column: string; parent: string; on_delete: string }>(sql`
    select child.relname as table, attribute.attname as column, parent.relname || '.' || parent_attribute.attname as parent,
      case constraint_row.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'd' then 'set default'
        when 'r' then 'restrict' else 'no action' end as on_delete
    from pg_constraint constraint_row
    join pg_class child on child.oid = constraint_row.conrelid
    join pg_class parent on parent.oid = constraint_row.confrelid
    join pg_attribute attribute on attribute.attrelid = constraint_row.conrelid and attribute.attnum = constraint_row.conkey[1]
    join pg_attribute parent_attribute on parent_attribute.attrelid = constraint_row.confrelid and parent_attribute.attnum = constraint_row.confkey[1]
    where constraint_row.contype = 'f' and cardinality(constraint_row.conkey) = 1`);
  const personColumns = new Set(['users.id']);
  foreignKeys = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const key of allKeys) {
      const column = `${key.table}.${key.column}`;
      if (personColumns.has(key.parent) && !personColumns.has(column)) {
        personColumns.add(column);
        foreignKeys.push({ table: key.table, column: key.column, on_delete: key.on_delete });
        grew = true;
      }
    }
  }
  expect(rows.every((key) => personColumns.has(`${key.table}.${key.column}`))).toBe(true);
  const all = await t.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns where table_schema = 'public'`);
  columns = new Set(all.rows.map((row) => `${row.table_name}.${row.column_name}`));
});
afterAll(() => t.close());

const rules = LEAVE_PARTS.flatMap((part) => part.tables.map((rule) => ({ ...rule, part: part.name, key: `${rule.table}.${rule.column}` })));

describe('the leave step covers every reference to a person', () => {
  it('finds the foreign keys to users, directly or through another person column (so it would notice a new one)', () => {
    expect(foreignKeys.length).toBeGreaterThan(30);
    expect(foreignKeys).toContainEqual({ table: 'event_registrations', column: 'user_id', on_delete: 'cascade' });
    expect(foreignKeys).toContainEqual({ table: 'mentor_topics', column: 'user_id', on_delete: 'cascade' });
  });

  it('every foreign key to users and every known person column has a rule in some part', () => {
    const covered = new Set(rules.map((rule) => rule.key));
    const references = [...foreignKeys.map((key) => `${key.table}.${key.column}`), ...PERSON_COLUMNS_WITHOUT_FOREIGN_KEY];
    const missing = references.filter((reference) => !covered.has(reference));
    expect(missing, 'add a leave rule to the module that owns each (its <module>.leave.ts, listed in leave-parts.ts)').toEqual([]);
  });

  it('no column has two rules, and every rule names a column that exists', () => {
    const seen = new Map<string, string>();
    const twice = rules.filter((rule) => {
      const before = seen.get(rule.key);
      seen.set(rule.key, rule.part);
      return before !== undefined;
    });
    expect(twice.map((rule) => `${rule.key} (${rule.part} and ${seen.get(rule.key) ?? ''})`)).toEqual([]);
    expect(rules.filter((rule) => !columns.has(rule.key)).map((rule) => `${rule.part}: ${rule.key}`)).toEqual([]);
    expect(rules.filter((rule) => rule.why.trim().length < 10).map((rule) => rule.key)).toEqual([]);
  });

  it("each rule agrees with the foreign key's ON DELETE (kept rows are never cascaded away)", () => {
    const byKey = new Map(foreignKeys.map((key) => [`${key.table}.${key.column}`, key.on_delete]));
    const wrong = rules.flatMap((rule) => {
      const onDelete = byKey.get(rule.key);
      if (onDelete === undefined) return []; // a person column without a foreign key
      return ON_DELETE_FOR[rule.rule].includes(onDelete) ? [] : [`${rule.key}: rule '${rule.rule}' but on delete ${onDelete}`];
    });
    expect(wrong).toEqual([]);
  });

  it('every part has a name of its own', () => {
    const names = LEAVE_PARTS.map((part) => part.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
