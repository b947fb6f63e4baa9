import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedFor, prepareRawStatement } from '../../db/prepared';

/** Placeholders of the rotation statement, typed for PostgreSQL. */
const input = {
  tokenHash: sql`${sql.placeholder('tokenHash')}::text`,
  nextTokenHash: sql`${sql.placeholder('nextTokenHash')}::text`,
  nextExpiresAt: sql`${sql.placeholder('nextExpiresAt')}::timestamptz`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
};

/**
 * A whole refresh-token rotation in one statement (one round trip, one implicit transaction):
 * the session of the token hash is row-locked; when it is not revoked, not expired and its
 * person is active, the next session of the same family is inserted and the old one revoked
 * and linked to it. It answers what it found either way (no row for an unknown token), so the
 * service can revoke the family of a reused token. Two parallel rotations of one token queue
 * on the lock; the second then sees the row revoked by the first.
 */
const rotateStatement = sql`
  with old as (
    select id, user_id, family, revoked_at, expires_at from refresh_sessions
    where token_hash = ${input.tokenHash}
    for update
  ),
  person as (
    select id, role, is_staff, is_active from users where id = (select user_id from old)
  ),
  rotatable as (
    select old.id, old.user_id, old.family from old, person
    where old.revoked_at is null and old.expires_at > ${input.now} and person.is_active
  ),
  inserted as (
    insert into refresh_sessions (user_id, token_hash, family, expires_at, created_at)
    select user_id, ${input.nextTokenHash}, family, ${input.nextExpiresAt}, ${input.now} from rotatable
    returning id
  ),
  rotated as (
    update refresh_sessions set revoked_at = ${input.now}, replaced_by = (select id from inserted)
    where id = (select id from rotatable)
    returning id
  )
  select old.family, old.revoked_at is not null as revoked, old.expires_at <= ${input.now} as expired,
    person.id as user_id, person.role, person.is_staff, coalesce(person.is_active, false) as is_active,
    (select id from rotated) is not null as rotated
  from old left join person on true`;

/** The SQL of rotateRefreshSession (tests EXPLAIN it). */
export const rotateRefreshSessionSql = rotateStatement;

type RotateRow = {
  family: string;
  revoked: boolean;
  expired: boolean;
  user_id: number | null;
  role: string | null;
  is_staff: boolean | null;
  is_active: boolean;
  rotated: boolean;
};

const statements = preparedFor((db) => ({ rotate: prepareRawStatement<RotateRow>(db, 'auth_rotate_refresh_session', rotateStatement) }));

/** What a rotation found and did. */
export type Rotation =
  /** No session has this token. */
  | { outcome: 'unknown' }
  /** Already used or revoked (a reuse), or (not expired) its person is gone or inactive: its family should be revoked. */
  | { outcome: 'revoke'; family: string }
  /** Expired: nothing to do. */
  | { outcome: 'expired' }
  | { outcome: 'rotated'; user: { id: number; role: string; isStaff: boolean } };

/** Rotates the session of `tokenHash` to a new one of `nextTokenHash` (see rotateStatement). */
export async function rotateRefreshSession(
  db: Database,
  values: { tokenHash: string; nextTokenHash: string; nextExpiresAt: Date; now: Date },
): Promise<Rotation> {
  const { rows } = await statements(db).rotate.execute({
    tokenHash: values.tokenHash,
    nextTokenHash: values.nextTokenHash,
    nextExpiresAt: values.nextExpiresAt.toISOString(),
    now: values.now.toISOString(),
  });
  const row = rows[0];
  if (!row) return { outcome: 'unknown' };
  if (row.rotated && row.user_id !== null && row.role !== null) {
    return { outcome: 'rotated', user: { id: row.user_id, role: row.role, isStaff: row.is_staff === true } };
  }
  if (row.revoked) return { outcome: 'revoke', family: row.family };
  if (row.expired) return { outcome: 'expired' };
  // Not rotated though live: its person is gone or inactive.
  return { outcome: 'revoke', family: row.family };
}
