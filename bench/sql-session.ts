import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * One database session for the loader: statements run in order on ONE connection, so session
 * settings (session_replication_role, maintenance_work_mem) hold for the whole load.
 */
export type SqlSession = {
  query<TRow extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<TRow[]>;
  close(): Promise<void>;
};

export function pgliteSession(client: PGlite, close: () => Promise<void>): SqlSession {
  return {
    async query<TRow extends Record<string, unknown>>(text: string, params?: unknown[]) {
      const result = await client.query<TRow>(text, params);
      return result.rows;
    },
    close,
  };
}

export async function postgresSession(connectionString: string): Promise<SqlSession> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return {
    async query<TRow extends Record<string, unknown>>(text: string, params?: unknown[]) {
      const result = await client.query<TRow>(text, params);
      return result.rows;
    },
    close: () => client.end(),
  };
}
