import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  cohortMembers,
  cohorts,
  handSetRoles,
  invitations,
  rosterImportRejects,
  type InvitationRow,
  rosterImports,
  users,
  type RosterImportRow,
} from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';

export type RosterPerson = {
  id: number;
  email: string;
  role: string;
  isActive: boolean;
  verified: boolean;
  roleSetByHand: boolean;
  cohortId: number | null;
};

export function findCohortsByLowerName(db: Executor, lowerNames: string[]) {
  return db
    .select({ id: cohorts.id, name: cohorts.name, year: cohorts.year })
    .from(cohorts)
    .where(inArray(sql`lower(${cohorts.name})`, lowerNames));
}

/** The people with these (lower-case) e-mails, with their cohort and hand-set mark: one query. */
export async function findPeopleByEmail(db: Executor, emails: string[]): Promise<RosterPerson[]> {
  if (emails.length === 0) return [];
  return db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      roleSetByHand: sql<boolean>`${handSetRoles.userId} is not null`,
      cohortId: cohortMembers.cohortId,
    })
    .from(users)
    .leftJoin(handSetRoles, eq(handSetRoles.userId, users.id))
    .leftJoin(cohortMembers, eq(cohortMembers.userId, users.id))
    .where(inArray(sql`lower(${users.email})`, emails));
}

/** Which of these (lower-case) e-mails have an invitation neither accepted, revoked nor expired. */
export async function findPendingInvitationEmails(db: Executor, emails: string[], now: Date): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(${invitations.email})` })
    .from(invitations)
    .where(
      and(
        inArray(sql`lower(${invitations.email})`, emails),
        sql`${invitations.acceptedAt} is null and ${invitations.revokedAt} is null`,
        sql`${invitations.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((row) => row.email);
}

/** Raises roles in one statement (never an administrator's). */
export async function raiseRoles(db: Executor, changes: { id: number; role: string }[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  const ids = changes.map((change) => change.id);
  const roles = changes.map((change) => change.role);
  await db.execute(sql`update users set role = data.role, updated_at = ${now.toISOString()}::timestamptz
    from (select unnest(${sql.param(ids)}::int[]) as id, unnest(${sql.param(roles)}::text[]) as role) as data
    where users.id = data.id and users.role <> 'AD'`);
}

/** Puts people in cohorts (each replaces their one cohort) and gives them its year, set-based. */
export async function setMemberships(db: Executor, moves: { userId: number; cohortId: number; year: number }[], now: Date): Promise<void> {
  if (moves.length === 0) return;
  await db
    .insert(cohortMembers)
    .values(moves.map((move) => ({ userId: move.userId, cohortId: move.cohortId, joinedAt: now })))
    .onConflictDoUpdate({ target: cohortMembers.userId, set: { cohortId: sql`excluded.cohort_id`, joinedAt: sql`excluded.joined_at` } });
  await db.execute(sql`update users set cohort_year = data.year, updated_at = ${now.toISOString()}::timestamptz
    from (select unnest(${sql.param(moves.map((m) => m.userId))}::int[]) as id, unnest(${sql.param(moves.map((m) => m.year))}::int[]) as year) as data
    where users.id = data.id`);
}

/** Inserts invitations in one statement; answers them in the order given. */
export async function insertInvitations(db: Executor, values: (typeof invitations.$inferInsert)[]): Promise<InvitationRow[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(invitations).values(values).returning();
  const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
  return values.flatMap((value) => byHash.get(value.tokenHash) ?? []);
}

export async function insertImport(db: Executor, values: typeof rosterImports.$inferInsert): Promise<RosterImportRow> {
  const [row] = await db.insert(rosterImports).values(values).returning();
  if (!row) throw new Error('insertImport: no row returned');
  return row;
}

export type BatchTotals = { processed: number; invited: number; updated: number; skipped: number; rejected: number };

/** Adds a committed batch's counts to its import and beats its heartbeat. */
export async function addBatchTotals(db: Executor, id: number, totals: BatchTotals, now: Date): Promise<void> {
  await db
    .update(rosterImports)
    .set({
      processed: sql`${rosterImports.processed} + ${totals.processed}`,
      invited: sql`${rosterImports.invited} + ${totals.invited}`,
      updated: sql`${rosterImports.updated} + ${totals.updated}`,
      skipped: sql`${rosterImports.skipped} + ${totals.skipped}`,
      rejected: sql`${rosterImports.rejected} + ${totals.rejected}`,
      heartbeatAt: now,
    })
    .where(eq(rosterImports.id, id));
}

export async function finishImport(
  db: Executor,
  id: number,
  status: 'done' | 'failed',
  now: Date,
  failure: string | null = null,
): Promise<void> {
  await db
    .update(rosterImports)
    .set({ status, failure, finishedAt: now, heartbeatAt: now })
    .where(and(eq(rosterImports.id, id), eq(rosterImports.status, 'running')));
}

/** Running imports whose heartbeat stopped before `staleBefore` become failed (their process died). */
export async function failStaleImports(db: Executor, staleBefore: Date, now: Date, failure: string): Promise<number> {
  const rows = await db
    .update(rosterImports)
    .set({ status: 'failed', failure, finishedAt: now })
    .where(and(eq(rosterImports.status, 'running'), lt(rosterImports.heartbeatAt, staleBefore)))
    .returning({ id: rosterImports.id });
  return rows.length;
}

/** Imports (and their rejected rows) finished before `before` go. */
export async function purgeImportsBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(rosterImports).where(and(sql`${rosterImports.status} <> 'running'`, lt(rosterImports.createdAt, before)));
}

export async function findImport(db: Executor, id: number): Promise<RosterImportRow | null> {
  const [row] = await db.select().from(rosterImports).where(eq(rosterImports.id, id));
  return row ?? null;
}

export function findImports(db: Executor, page: { before?: CursorPosition | undefined; take: number }): Promise<RosterImportRow[]> {
  const { before } = page;
  return db
    .select()
    .from(rosterImports)
    .where(
      before ? sql`(${rosterImports.createdAt}, ${rosterImports.id}) < (${before.at.toISOString()}::timestamptz, ${before.id})` : undefined,
    )
    .orderBy(desc(rosterImports.createdAt), desc(rosterImports.id))
    .limit(page.take);
}

export async function insertRejects(db: Executor, rows: (typeof rosterImportRejects.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(rosterImportRejects).values(rows);
}

/** An import's rejected rows by line, `take` after `afterLine` (keyset: rejected.csv pages through them). */
export function findRejects(db: Executor, importId: number, afterLine: number, take: number) {
  return db
    .select()
    .from(rosterImportRejects)
    .where(and(eq(rosterImportRejects.importId, importId), gt(rosterImportRejects.line, afterLine)))
    .orderBy(asc(rosterImportRejects.line))
    .limit(take);
}
