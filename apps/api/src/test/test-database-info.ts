/** What the global setup hands to every test file (through vitest's provide/inject). */
export type TestDatabaseInfo = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** Prefix of every database the PostgreSQL test run creates (template and per-file copies). */
export const TEST_DATABASE_PREFIX = 'alumlink_t';

/** `postgres://host/db` with the database name replaced. */
export function withDatabaseName(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Unique-enough database name carrying its creation time, so stale ones can be dropped. */
export function newTestDatabaseName(kind: 'tpl' | 'db'): string {
  const seconds = Math.floor(Date.now() / 1000);
  const random = Math.random().toString(36).slice(2, 10);
  return `${TEST_DATABASE_PREFIX}_${kind}_${seconds}_${random}`;
}
