import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import type { SocketSessionKey } from '../../lib/realtime/hub';

/**
 * Of the sign-ins (person, session family) given as two parallel arrays, those no longer valid:
 * the person is gone or inactive, or the family ended or is gone — the conditions under which
 * the auth repository's findSessionPerson (modules/auth/session-person.repository.ts) refuses a token. One statement for all of an instance's sockets;
 * each pair is two primary-key lookups (session_families_pkey, users_pkey). The sub-selects hide
 * the arrays' length from the planner, so a custom plan for thousands of pairs keeps those lookups
 * too instead of hashing the whole session_families table (2,000 pairs on 100,000 families,
 * PGlite: 34 ms against 222 ms). session-check-query-plans.test.ts holds the plan.
 */
export const endedSocketSessionsSql = sql`
  select open.user_id, open.family
  from unnest((select ${sql.placeholder('userIds')}::int[]), (select ${sql.placeholder('families')}::uuid[])) as open(user_id, family)
  where not exists (
    select 1 from session_families f join users u on u.id = f.user_id
    where f.id = open.family and f.user_id = open.user_id and f.ended_at is null and u.is_active
  )`;

const prepareStatements = (db: Database) => ({
  ended: prepareRawStatement<{ user_id: number; family: string }>(db, 'realtime_ended_socket_sessions', endedSocketSessionsSql),
});

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.realtime`). */
export function createRealtimeRepository(db: Database) {
  const statements = prepareStatements(db);
  return {
    /** The sign-ins among `open` that ended (see endedSocketSessionsSql); one query whatever their number. */
    async findEndedSessions(open: readonly SocketSessionKey[]): Promise<SocketSessionKey[]> {
      if (open.length === 0) return [];
      const rows = await statements.ended.execute({
        userIds: open.map((session) => session.userId),
        families: open.map((session) => session.family),
      });
      return rows.map((row) => ({ userId: row.user_id, family: row.family }));
    },
  };
}

export type RealtimeRepository = ReturnType<typeof createRealtimeRepository>;
