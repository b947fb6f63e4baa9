import {
  INVITATION_MESSAGES,
  type ApplyCohortResponse,
  type Cohort,
  type CohortPage,
  type createCohortRequestSchema,
  type PageQuery,
  type updateCohortRequestSchema,
} from '@alumlink/contract';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { CohortRow } from '../../db/schema/index';
import type { AuthUser } from '../../lib/auth';
import { conflict, forbidden, notFound, validation } from '../../lib/errors';
import { decodeIdCursor, encodeIdCursor } from '../../lib/pagination';
import { writeAuditLog } from '../audit-log/index';
import { findUserById } from '../users/users.service';
import { announceStep, nextStep, takeDueStep } from './cohort-steps';
import { presentCohort } from './cohorts.presenter';
import * as repository from './cohorts.repository';

type CreateInput = z.output<typeof createCohortRequestSchema>;
type UpdateInput = z.output<typeof updateCohortRequestSchema>;

const cohortNotFound = () => notFound(INVITATION_MESSAGES.cohortNotFound);
const nameTaken = () => conflict('A cohort with this name already exists.', 'cohort_name_taken');

async function actorRow(ctx: AppContext, actor: AuthUser) {
  const row = await findUserById(ctx.db, actor.id);
  // authenticate just found this person; gone now means deleted meanwhile.
  if (!row) throw forbidden();
  return row;
}

async function withNext(db: Executor, row: CohortRow): Promise<Cohort> {
  const step = nextStep(row);
  return presentCohort(row, step ? { step, people: await repository.countMovable(db, row, step.from) } : null);
}

async function nameIsFree(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await repository.findCohortsNamed(db, name);
  return rows.every((row) => row.id === exceptId);
}

export async function listCohorts(ctx: AppContext, query: PageQuery): Promise<CohortPage> {
  const beforeId = query.cursor ? decodeIdCursor(query.cursor) : undefined;
  const rows = await repository.findCohorts(ctx.db, { beforeId, take: query.limit + 1 });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    results: await Promise.all(items.map((row) => withNext(ctx.db, row))),
    next: rows.length > query.limit && last ? encodeIdCursor(last.id) : null,
  };
}

export async function createCohort(ctx: AppContext, actor: AuthUser, input: CreateInput): Promise<Cohort> {
  const admin = await actorRow(ctx, actor);
  const row = await ctx.db.transaction(async (tx) => {
    if (!(await nameIsFree(tx, input.name))) throw nameTaken();
    const created = await repository.insertCohort(tx, {
      name: input.name,
      year: input.year,
      internFrom: input.intern_from ?? null,
      alumniFrom: input.alumni_from,
    });
    await writeAuditLog(tx, {
      actor: admin,
      action: 'cohort.create',
      target: { type: 'cohort', id: created.id, label: created.name },
      details: { year: created.year, intern_from: created.internFrom, alumni_from: created.alumniFrom },
    });
    return created;
  });
  return withNext(ctx.db, row);
}

/**
 * Changes a cohort. New dates count as the cohort's last change (a role set by hand before it
 * no longer holds the cohort back) and make their steps due again; a new year reaches the members.
 */
export async function updateCohort(ctx: AppContext, actor: AuthUser, id: number, input: UpdateInput): Promise<Cohort> {
  const admin = await actorRow(ctx, actor);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repository.lockCohort(tx, id);
    if (!current) throw cohortNotFound();
    const internFrom = input.intern_from === undefined ? current.internFrom : input.intern_from;
    const alumniFrom = input.alumni_from ?? current.alumniFrom;
    if (internFrom && internFrom > alumniFrom) throw validation({ intern_from: ['The intern date must not be after the alumni date.'] });
    if (input.name !== undefined && !(await nameIsFree(tx, input.name, id))) throw nameTaken();
    const internChanged = internFrom !== current.internFrom;
    const alumniChanged = alumniFrom !== current.alumniFrom;
    const updated = await repository.updateCohort(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.year !== undefined ? { year: input.year } : {}),
      internFrom,
      alumniFrom,
      ...(internChanged ? { internAppliedAt: null } : {}),
      ...(alumniChanged ? { alumniAppliedAt: null } : {}),
      ...(internChanged || alumniChanged ? { changedAt: new Date() } : {}),
    });
    if (input.year !== undefined && input.year !== current.year) await repository.setMembersYear(tx, id, input.year);
    await writeAuditLog(tx, {
      actor: admin,
      action: 'cohort.update',
      target: { type: 'cohort', id, label: updated.name },
      details: { ...input },
    });
    return updated;
  });
  return withNext(ctx.db, row);
}

/** Deletes a cohort: its people keep their role and year and belong to no cohort. */
export async function deleteCohort(ctx: AppContext, actor: AuthUser, id: number): Promise<void> {
  const admin = await actorRow(ctx, actor);
  await ctx.db.transaction(async (tx) => {
    const current = await repository.lockCohort(tx, id);
    if (!current) throw cohortNotFound();
    await repository.deleteCohort(tx, id);
    await writeAuditLog(tx, {
      actor: admin,
      action: 'cohort.delete',
      target: { type: 'cohort', id, label: current.name },
      details: { members: current.membersCount },
    });
  });
}

/** "Apply now": takes what is due today for the cohort's members. */
export async function applyCohort(ctx: AppContext, actor: AuthUser, id: number, now: Date = new Date()): Promise<ApplyCohortResponse> {
  const admin = await actorRow(ctx, actor);
  const outcome = await ctx.db.transaction((tx) => takeDueStep(tx, id, now, { untakenOnly: false, actor: admin }));
  if (!outcome) throw cohortNotFound();
  await announceStep(ctx, outcome);
  return { changed: outcome.moved.length };
}

/**
 * Puts existing people in a cohort (each leaves any other; their cohort_year becomes its year).
 * Unknown ids are skipped; answers how many joined.
 */
export async function addCohortMembers(ctx: AppContext, actor: AuthUser, id: number, userIds: number[]): Promise<{ added: number }> {
  const admin = await actorRow(ctx, actor);
  const now = new Date();
  return ctx.db.transaction(async (tx) => {
    const cohort = await repository.lockCohort(tx, id);
    if (!cohort) throw cohortNotFound();
    const existing = await repository.existingUserIds(tx, [...new Set(userIds)]);
    for (const userId of existing) await repository.setMembership(tx, userId, cohort, now);
    await writeAuditLog(tx, {
      actor: admin,
      action: 'cohort.members_add',
      target: { type: 'cohort', id, label: cohort.name },
      details: { user_ids: existing },
    });
    return { added: existing.length };
  });
}

/** The cohort to join, or a 400 on `field` when there is none (invitations, roster). */
export async function requireCohort(db: Executor, id: number, field = 'cohort_id'): Promise<CohortRow> {
  const row = await repository.findCohort(db, id);
  if (!row) throw validation({ [field]: [INVITATION_MESSAGES.cohortNotFound] });
  return row;
}

/**
 * Puts a person in a cohort (replacing another), in `tx`; their cohort_year becomes its year. A
 * step the cohort already took reaches them with the next "Apply now" (the job takes each step once).
 */
export async function joinCohort(tx: Executor, userId: number, cohort: CohortRow, now: Date): Promise<void> {
  await repository.setMembership(tx, userId, cohort, now);
}

/** The admin role route records here when a role was set by hand (cohort steps then leave it). */
export async function recordRoleSetByHand(tx: Executor, userId: number, at: Date): Promise<void> {
  await repository.recordHandSetRole(tx, userId, at);
}
