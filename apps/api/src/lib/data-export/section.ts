import { and, asc, eq, getTableName, gt, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';

/**
 * One JSON file of a person's export zip, contributed by the module that owns the data
 * (`modules/<module>/<module>.export.ts`) and registered in data-export's EXPORT_SECTIONS.
 * `tables` names every reference to a person ("table.column") the section exports: the coverage
 * test fails on a reference to users(id) that no section names and no reason excludes.
 */
export type ExportSection = {
  file: string;
  tables: readonly string[];
  /** The person's media keys the JSON refers to (written under media/<key>). */
  media?: (db: Executor, personId: number) => AsyncIterable<string>;
} & (
  | { kind: 'object'; collect: (db: Executor, personId: number) => Promise<unknown> }
  | { kind: 'list'; collect: (db: Executor, personId: number) => AsyncIterable<unknown> }
);

/** Rows read per query: an export never holds more than one page of a table in memory. */
export const EXPORT_PAGE_SIZE = 500;

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Media keys are exported under media/<key>; the JSON files refer to them by that path. */
export const exportedMediaPath = (key: string | null) => (key ? `media/${key}` : null);

/** Pages of `fetch(afterId)` until a short page: keyset on a strictly increasing id. */
export async function* keyset<Row>(fetch: (afterId: number) => Promise<Row[]>, idOf: (row: Row) => number): AsyncIterable<Row> {
  let after = 0;
  for (;;) {
    const page = await fetch(after);
    yield* page;
    const last = page.at(-1);
    if (page.length < EXPORT_PAGE_SIZE || !last) return;
    after = idOf(last);
  }
}

export async function* mapRows<Row, Out>(rows: AsyncIterable<Row>, present: (row: Row) => Out): AsyncIterable<Out> {
  for await (const row of rows) yield present(row);
}

type Owned<T extends PgTable> = T['$inferSelect'];

/** The person's rows of one table, a page at a time: `owner = personId`, keyset on the `key` column (a strictly increasing id). */
export function ownRows<T extends PgTable, K extends keyof Owned<T> & keyof T>(
  db: Executor,
  table: T,
  owner: Column,
  key: K,
  personId: number,
): AsyncIterable<Owned<T>> {
  const keyColumn = table[key] as Column;
  return keyset(
    (after) =>
      db
        .select()
        .from(table as PgTable)
        .where(and(eq(owner, personId), gt(keyColumn, after)))
        .orderBy(asc(keyColumn))
        .limit(EXPORT_PAGE_SIZE) as Promise<Owned<T>[]>,
    (row) => row[key] as number,
  );
}

/** A list section that is the person's rows of one table (`table.owner` is the reference it names), each presented. */
export function ownRowsSection<T extends PgTable, K extends keyof Owned<T> & keyof T>(section: {
  file: string;
  table: T;
  owner: Column;
  key: K;
  present: (row: Owned<T>) => unknown;
}): ExportSection {
  const { file, table, owner, key, present } = section;
  return {
    file,
    tables: [`${getTableName(table)}.${owner.name}`],
    kind: 'list',
    collect: (db, personId) => mapRows(ownRows(db, table, owner, key, personId), present),
  };
}
