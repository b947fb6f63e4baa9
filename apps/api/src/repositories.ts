import type { Database } from './db/client';

/** The repositories of one app, each owning its prepared statements (bound to `db`). */
export type Repositories = Record<string, never>;

export function createRepositories(_db: Database): Repositories {
  return {};
}
