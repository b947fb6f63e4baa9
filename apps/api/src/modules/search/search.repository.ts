import { LIMITS } from '@alumlink/contract';
import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { likeContains } from '../../lib/pagination';
import { visibleToSql, type Viewer } from '../settings/visibility';
import type { UserSummaryRow } from '../users/users.presenter';

const MAX_ID = 2_147_483_647;

/**
 * Verified, active people whose lower-cased first name, last name or e-mail contains `text`
 * (served by the users_*_trgm GIN indexes: `lower(col) like` matches their expression), or
 * whose id equals `text` when it is digits. Ranked: exact id, then prefix matches, then
 * trigram similarity.
 */
export function searchPeople(db: Executor, text: string, viewer?: Viewer): Promise<UserSummaryRow[]> {
  return searchPeopleQuery(db, text, viewer).execute();
}

/**
 * The query of searchPeople, unexecuted (tests EXPLAIN it). With a viewer, people whose profile
 * visibility hides them from that viewer are left out.
 */
export function searchPeopleQuery(db: Executor, text: string, viewer?: Viewer) {
  const needle = text.toLowerCase();
  const contains = likeContains(needle);
  // likeContains escapes the text and wraps it in %...%; without the leading % it is a prefix.
  const prefix = contains.slice(1);
  const columns = [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, sql`lower(${users.email})`];
  const id = /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null;

  const matches: SQL[] = columns.map((column) => sql`${column} like ${contains}`);
  if (id !== null) matches.push(eq(users.id, id));
  const isPrefix = sql.join(
    columns.map((column) => sql`${column} like ${prefix}`),
    sql` or `,
  );
  const similarity = sql`greatest(${sql.join(
    columns.map((column) => sql`similarity(${column}, ${needle})`),
    sql`, `,
  )})`;

  const ranking: SQL[] = [sql`(${isPrefix}) desc`, sql`${similarity} desc`, sql`${users.id}`];
  // PostgreSQL refuses a constant in ORDER BY, so the exact-id rank only exists for digits.
  if (id !== null) ranking.unshift(sql`(${users.id} = ${id}) desc`);

  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      handle: users.handle,
      role: users.role,
      image: users.image,
    })
    .from(users)
    .where(and(eq(users.isActive, true), isNotNull(users.emailVerifiedAt), or(...matches), viewer ? visibleToSql(viewer, users.id) : undefined))
    .orderBy(...ranking)
    .limit(LIMITS.searchResultsMax);
}
