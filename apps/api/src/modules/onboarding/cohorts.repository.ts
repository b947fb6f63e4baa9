import { and, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cohortMembers, cohorts, handSetRoles, users, type CohortRow } from '../../db/schema/index';

export type NewCohort = typeof cohorts.$inferInsert;

export async function insertCohort(db: Executor, values: NewCohort): Promise<CohortRow> {
  const [row] = await db.insert(cohorts).values(values).returning();
  if (!row) throw new Error('insertCohort: no row returned');
  return row;
}

export async function findCohort(db: Executor, id: number): Promise<CohortRow | null> {
  const [row] = await db.select().from(cohorts).where(eq(cohorts.id, id));
  return row ?? null;
}

/** The cohort row locked until the transaction ends (a step, an edit and the job take turns). */
export async function lockCohort(db: Executor, id: number): Promise<CohortRow | null> {
  const [row] = await db.select().from(cohorts).where(eq(cohorts.id, id)).for('update');
  return row ?? null;
}

export async function updateCohort(db: Executor, id: number, values: Partial<NewCohort>): Promise<CohortRow> {
  const [row] = await db.update(cohorts).set(values).where(eq(cohorts.id, id)).returning();
  if (!row) throw new Error('updateCohort: no row returned');
  return row;
}

export async function deleteCohort(db: Executor, id: number): Promise<void> {
  await db.delete(cohorts).where(eq(cohorts.id, id));
}

/** Newest first by id, `take` rows after `beforeId`. */
export function findCohorts(db: Executor, page: { beforeId?: number | undefined; take: number }): Promise<CohortRow[]> {
  return db
    .select()
    .from(cohorts)
    .where(page.beforeId === undefined ? undefined : lt(cohorts.id, page.beforeId))
    .orderBy(desc(cohorts.id))
    .limit(page.take);
}

/** Ids of cohorts with a step due on `today` (YYYY-MM-DD) and not taken yet. */
export async function findCohortIdsWithDueSteps(db: Executor, today: string): Promise<number[]> {
  const rows = await dueStepsQuery(db, today).execute();
  return rows.map((row) => row.id);
}

/** The query of findCohortIdsWithDueSteps, unexecuted (tests EXPLAIN it). */
export function dueStepsQuery(db: Executor, today: string) {
  return db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(
      or(
        and(isNull(cohorts.alumniAppliedAt), lte(cohorts.alumniFrom, today)),
        and(isNull(cohorts.internAppliedAt), isNotNull(cohorts.internFrom), lte(cohorts.internFrom, today)),
      ),
    )
    .orderBy(cohorts.id);
}

/** Members whose role a step to `role` may change (a role set by hand after the cohort's or membership's last change is kept). */
function movableMembers(cohort: Pick<CohortRow, 'id' | 'changedAt'>, fromRoles: string[]) {
  return and(
    eq(cohortMembers.cohortId, cohort.id),
    eq(users.id, cohortMembers.userId),
    inArray(users.role, fromRoles),
    sql`not exists (select 1 from ${handSetRoles} where ${handSetRoles.userId} = ${users.id}
      and ${handSetRoles.setAt} > greatest(${cohort.changedAt.toISOString()}::timestamptz, ${cohortMembers.joinedAt}))`,
  );
}

export type MovedPerson = { id: number; email: string; firstName: string; lastName: string };

/**
 * Moves the members of `cohort` whose role is one of `fromRoles` to `role`, in one statement;
 * the role condition makes a repeated or concurrent step change nobody twice.
 */
export function moveMembers(
  db: Executor,
  cohort: Pick<CohortRow, 'id' | 'changedAt'>,
  fromRoles: string[],
  role: string,
  now: Date,
): Promise<MovedPerson[]> {
  return db
    .update(users)
    .set({ role, updatedAt: now })
    .from(cohortMembers)
    .where(movableMembers(cohort, fromRoles))
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
}

/** How many members a step would move now. */
export async function countMovable(db: Executor, cohort: Pick<CohortRow, 'id' | 'changedAt'>, fromRoles: string[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .where(movableMembers(cohort, fromRoles));
  return row?.count ?? 0;
}

/** Puts a person in a cohort (their one cohort: replaces another) and gives them its year. */
export async function setMembership(db: Executor, userId: number, cohort: Pick<CohortRow, 'id' | 'year'>, now: Date): Promise<void> {
  await db
    .insert(cohortMembers)
    .values({ userId, cohortId: cohort.id, joinedAt: now })
    .onConflictDoUpdate({ target: cohortMembers.userId, set: { cohortId: cohort.id, joinedAt: now } });
  await db.update(users).set({ cohortYear: cohort.year, updatedAt: now }).where(eq(users.id, userId));
}

/** A cohort's new year reaches its members' profiles. */
export async function setMembersYear(db: Executor, cohortId: number, year: number): Promise<void> {
  await db
    .update(users)
    .set({ cohortYear: year })
    .where(sql`${users.id} in (select ${cohortMembers.userId} from ${cohortMembers} where ${cohortMembers.cohortId} = ${cohortId})`);
}

/** Records that an administrator set this person's role by hand at `at`. */
export async function recordHandSetRole(db: Executor, userId: number, at: Date): Promise<void> {
  await db
    .insert(handSetRoles)
    .values({ userId, setAt: at })
    .onConflictDoUpdate({ target: handSetRoles.userId, set: { setAt: at } });
}

/** Cohorts whose name equals `name` case-insensitively (names are unique that way). */
export function findCohortsNamed(db: Executor, name: string): Promise<CohortRow[]> {
  return db
    .select()
    .from(cohorts)
    .where(sql`lower(${cohorts.name}) = lower(${name})`);
}

/** Which of `ids` are people that exist. */
export async function existingUserIds(db: Executor, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(users.id);
  return rows.map((row) => row.id);
}
