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
