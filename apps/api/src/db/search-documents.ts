import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The text-search document of each kind one search finds (modules/search-everything), written
 * once here for the GIN indexes of migration 0032 (drizzle schema) and for the queries: PostgreSQL
 * uses an expression index only for the same expression, so both must build it alike.
 *
 * Names are read with the 'simple' configuration (no stemming: "Marks" is not "Mark"); prose with
 * 'english' (stems and stop words, so "running" finds "run"). The configuration is a literal, which
 * makes to_tsvector immutable, as an index expression must be.
 */
export type SearchConfig = 'english' | 'simple';

/** to_tsvector(config, part || ' ' || part ...) over non-null text columns. */
export function searchDocumentSql(config: SearchConfig, parts: SQLWrapper[]): SQL {
  return sql`to_tsvector(${sql.raw(`'${config}'::regconfig`)}, ${sql.join(parts, sql` || ' ' || `)})`;
}
