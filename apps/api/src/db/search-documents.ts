import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * The text-search document of each kind one search finds (modules/search-everything): a stored
 * tsvector column, search_document, of users, posts, jobs, events and communities (migration
 * 0039), with a GIN index on it. PostgreSQL computes it when a row is written (a generated column;
 * for posts, triggers of migration 0044), so a search reads it instead of parsing the text again,
 * and ANALYZE keeps per-word statistics of it.
 *
 *   users        to_tsvector('simple',  first_name || ' ' || last_name)
 *   posts        to_tsvector('english', caption) || each comment's to_tsvector('english', text), oldest first
 *                (a comment is found through its post, decision 050; short of tsvector's 1 MB)      index: live posts
 *   comments     to_tsvector('english', text)   no index: what the posts' triggers concatenate, and the snippet's pick
 *   jobs         to_tsvector('english', title || ' ' || company || ' ' || location || ' ' || description)   index: open jobs
 *   events       to_tsvector('english', title || ' ' || host || ' ' || category || ' ' || description)
 *   communities  to_tsvector('english', name || ' ' || description)
 *
 * Names are read with the 'simple' configuration (no stemming: "Marks" is not "Mark"); prose with
 * 'english' (stems and stop words, so "running" finds "run"). A query must use the same
 * configuration as the column it matches. The column is not part of the drizzle tables, so that
 * rows read with select() and returning() never carry it; the queries name it here.
 */
export type SearchConfig = 'english' | 'simple';

/** The column's name, for the drizzle schema's index definitions. */
export const SEARCH_DOCUMENT = sql`"search_document"`;

/** A table's stored document, qualified by the table. */
export function searchDocumentOf(table: PgTable): SQL {
  return sql`${table}."search_document"`;
}
