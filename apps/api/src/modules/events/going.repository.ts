import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { eventRegistrations, users } from '../../db/schema/index';
import { listedInDirectoryForSql, type Viewer } from '../settings/visibility';
import { userSummaryColumnsFor } from '../users/index';
import type { UserSummaryRow } from '../users/users.presenter';

/**
 * Condition "the viewer may see this person named among those going": the directory's rule
 * (listed_in_directory on and the profile visible to the viewer, listedInDirectoryForSql), or the
 * viewer themself. Everyone else going is counted, never named.
 */
function namedToSql(viewer: Viewer): SQL {
  return sql`(${users.id} = ${viewer.id}::integer or (${users.isActive} and ${listedInDirectoryForSql(viewer, users.id)}))`;
}

const goingOf = (eventId: number) => and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'registered'));

/** Registered people the viewer may see named, in arrival order (event_registrations_event_status_arrival_idx). */
export async function findGoing(
  db: Executor,
  search: { eventId: number; viewer: Viewer; afterArrival?: number; take: number },
): Promise<{ user: UserSummaryRow; arrival: number }[]> {
  return db
    .select({ user: userSummaryColumnsFor(search.viewer), arrival: eventRegistrations.arrival })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        goingOf(search.eventId),
        namedToSql(search.viewer),
        search.afterArrival === undefined ? undefined : gt(eventRegistrations.arrival, search.afterArrival),
      ),
    )
    .orderBy(asc(eventRegistrations.arrival))
    .limit(search.take);
}

/** Everyone registered, and how many of them the viewer may see named. */
export async function countGoing(db: Executor, eventId: number, viewer: Viewer): Promise<{ count: number; named: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      named: sql<number>`(count(*) filter (where ${namedToSql(viewer)}))::int`,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(goingOf(eventId));
  return row ?? { count: 0, named: 0 };
}
