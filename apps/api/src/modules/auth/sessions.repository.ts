import { LIMITS } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRawStatement, sqlInteger } from '../../db/prepared';

/** Placeholders of the rotation statement, typed for PostgreSQL. */
const input = {
  tokenHash: sql`${sql.placeholder('tokenHash')}::text`,
  nextTokenHash: sql`${sql.placeholder('nextTokenHash')}::text`,
  now: sql`${sql.placeholder('now')}::timestamptz`,
};

/** How long a family lives from its sign-in, whatever its rotations (written into the text: a constant). */
const familyLifetime = sql`${sqlInteger(LIMITS.refreshTokenDays)} * interval '1 day'`;

/**
 * A whole refresh-token rotation in one statement (one round trip, one implicit transaction):
 * the session of the token hash is row-locked; when it is not revoked, not expired, its person
 * is active and its family (sign-in) has not ended and started less than
 * LIMITS.refreshTokenDays ago, the next session of the same family is inserted, expiring when
 * the family does (rotation never extends it), and the old one revoked and linked to it. It answers what it found either way (no row for an unknown token), so the
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
    select id, role, is_staff, email, is_active from users where id = (select user_id from old)
  ),
  family as (
    select id, started_at, ended_at, started_at + ${familyLifetime} <= ${input.now} as over
    from session_families where id = (select family from old)
  ),
  rotatable as (
    select old.id, old.user_id, old.family, family.started_at from old, person, family
    where old.revoked_at is null and old.expires_at > ${input.now} and person.is_active
      and family.ended_at is null and not family.over
  ),
  inserted as (
    insert into refresh_sessions (user_id, token_hash, family, expires_at, created_at)
    select user_id, ${input.nextTokenHash}, family, started_at + ${familyLifetime}, ${input.now} from rotatable
    returning id
  ),
  rotated as (
    update refresh_sessions set revoked_at = ${input.now}, replaced_by = (select id from inserted)
    where id = (select id from rotatable)
    returning id
  )
  select old.family, old.user_id as session_user_id, old.revoked_at is not null as revoked,
    old.expires_at <= ${input.now} or coalesce(family.over, true) as expired,
    person.id as user_id, person.role, person.is_staff, person.email, coalesce(person.is_active, false) as is_active,
    (select id from rotated) is not null as rotated
  from old left join person on true left join family on true`;

/** The SQL of rotateRefreshSession (tests EXPLAIN it). */
export const rotateRefreshSessionSql = rotateStatement;

type RotateRow = {
  family: string;
  session_user_id: number;
  revoked: boolean;
  expired: boolean;
  user_id: number | null;
  role: string | null;
  is_staff: boolean | null;
  email: string | null;
  is_active: boolean;
  rotated: boolean;
};

const prepareStatements = (db: Database) => ({
  rotate: prepareRawStatement<RotateRow>(db, 'auth_rotate_refresh_session', rotateStatement),
});

/** What a rotation found and did. */
export type Rotation =
  /** No session has this token. */
  | { outcome: 'unknown' }
  /** Already used or revoked (a reuse), or (not expired) its person is gone or inactive: its family should be revoked. */
  | { outcome: 'revoke'; family: string; userId: number }
  /** Expired, or its family is older than LIMITS.refreshTokenDays: nothing to do. */
  | { outcome: 'expired' }
  | { outcome: 'rotated'; family: string; user: { id: number; role: string; isStaff: boolean; email: string } };

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.sessions`). */
export function createSessionsRepository(db: Database) {
  const statements = prepareStatements(db);
  return {
    /** Rotates the session of `tokenHash` to a new one of `nextTokenHash` (see rotateStatement). */
    async rotateRefreshSession(values: { tokenHash: string; nextTokenHash: string; now: Date }): Promise<Rotation> {
      const rows = await statements.rotate.execute({
        tokenHash: values.tokenHash,
        nextTokenHash: values.nextTokenHash,
        now: values.now.toISOString(),
      });
      const row = rows[0];
      if (!row) return { outcome: 'unknown' };
      if (row.rotated && row.user_id !== null && row.role !== null && row.email !== null) {
        const user = { id: row.user_id, role: row.role, isStaff: row.is_staff === true, email: row.email };
        return { outcome: 'rotated', family: row.family, user };
      }
      if (row.revoked) return { outcome: 'revoke', family: row.family, userId: row.session_user_id };
      if (row.expired) return { outcome: 'expired' };
      // Not rotated though live: its person is gone or inactive, or its family ended.
      return { outcome: 'revoke', family: row.family, userId: row.session_user_id };
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
