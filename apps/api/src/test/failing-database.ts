import type { Database } from '../db/client';

const QUERY_STARTERS = new Set(['select', 'insert', 'update', 'delete', 'transaction', 'execute']);

/** `db` whose first query (of any kind) fails, as an unreachable database would; the rest work. */
export function failingOnce(db: Database): Database {
  let failed = false;
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (failed || typeof value !== 'function' || !QUERY_STARTERS.has(String(property))) return value;
      return () => {
        failed = true;
        throw new Error('database unavailable');
      };
    },
  });
}
