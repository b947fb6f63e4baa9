import type { Role } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { CohortRow, UserRow } from '../../db/schema/index';
import { auditLabelOf, writeAuditLog, writeAuditLogEntries } from '../audit-log/index';
import { notify } from '../notifications/notify.service';
import { lifecycleNotice } from './onboarding.notices';
import * as repository from './cohorts.repository';

type Actor = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

/** The calendar day of `now` (cohort dates are days; a day starts at 00:00 UTC). */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** A move a cohort makes on one of its dates: who (by role) becomes what. */
export type StepPlan = { role: 'IN' | 'AL'; from: Role[]; on: string; marks: ('intern' | 'alumni')[] };

/**
 * The step due for `cohort` on `today`, if any. Once the alumni date has come, the intern step
 * is folded into it (trainees go straight to alumni, told once).
 */
export function dueStep(cohort: CohortRow, today: string): StepPlan | null {
  if (cohort.alumniFrom <= today) {
    return { role: 'AL', from: ['TR', 'IN'], on: cohort.alumniFrom, marks: cohort.internFrom ? ['intern', 'alumni'] : ['alumni'] };
  }
  if (cohort.internFrom && cohort.internFrom <= today) return { role: 'IN', from: ['TR'], on: cohort.internFrom, marks: ['intern'] };
  return null;
}

/** The next step the cohort has not taken (due or not), for the admin screen. */
export function nextStep(cohort: CohortRow): Omit<StepPlan, 'marks'> | null {
  if (cohort.alumniAppliedAt) return null;
  if (cohort.internFrom && !cohort.internAppliedAt) return { role: 'IN', from: ['TR'], on: cohort.internFrom };
  return { role: 'AL', from: ['TR', 'IN'], on: cohort.alumniFrom };
}

const taken = (cohort: CohortRow, plan: StepPlan) =>
  plan.marks.every((mark) => (mark === 'intern' ? cohort.internAppliedAt : cohort.alumniAppliedAt) !== null);

export type StepOutcome = { cohort: CohortRow; role: Role; moved: repository.MovedPerson[] };

/**
 * Takes the step due for a cohort, in `tx`, with the cohort row locked: moves its members, marks
 * the step taken and writes one audit entry per person moved. `untakenOnly` (the job) skips a
 * step already taken, so two instances that both saw it due take it once: the second waits for
 * the lock, then reads it taken. An administrator's "Apply now" takes it again for members who
 * joined since (the role condition never moves anyone twice, nor down).
 */
export async function takeDueStep(
  tx: Executor,
  cohortId: number,
  now: Date,
  options: { untakenOnly: boolean; actor: Actor | null },
): Promise<StepOutcome | null> {
  const cohort = await repository.lockCohort(tx, cohortId);
  if (!cohort) return null;
  const plan = dueStep(cohort, dayOf(now));
  if (!plan || (options.untakenOnly && taken(cohort, plan))) return { cohort, role: plan?.role ?? 'TR', moved: [] };
  const moved = await repository.moveMembers(tx, cohort, plan.from, plan.role, now);
  const marked = await repository.updateCohort(tx, cohort.id, {
    ...(plan.marks.includes('intern') ? { internAppliedAt: cohort.internAppliedAt ?? now } : {}),
    ...(plan.marks.includes('alumni') ? { alumniAppliedAt: cohort.alumniAppliedAt ?? now } : {}),
  });
  await writeAuditLogEntries(
    tx,
    moved.map((person) => ({
      actor: options.actor,
      action: 'cohort.role_step',
      target: { type: 'user', id: person.id, label: auditLabelOf(person) },
      details: { to: plan.role, cohort_id: cohort.id, cohort: cohort.name, on: plan.on },
    })),
  );
  if (options.actor) {
    await writeAuditLog(tx, {
      actor: options.actor,
      action: 'cohort.apply',
      target: { type: 'cohort', id: cohort.id, label: cohort.name },
      details: { to: plan.role, changed: moved.length },
    });
  }
  return { cohort: marked, role: plan.role, moved };
}

/** After the step committed: each person moved is told (a `lifecycle` notification) and their sessions see the new role. */
export async function announceStep(ctx: AppContext, outcome: StepOutcome | null): Promise<void> {
  if (!outcome) return;
  for (const person of outcome.moved) {
    ctx.events.emit('person.changed', { userId: person.id });
    await notify(ctx, lifecycleNotice({ userId: person.id, role: outcome.role, cohortName: outcome.cohort.name }));
  }
}

/**
 * The scheduled job's run: every cohort with a step due on `now`'s day and not yet taken takes
 * it, each in a transaction of its own. Returns how many people changed role.
 */
export async function applyDueCohortSteps(ctx: AppContext, now: Date): Promise<number> {
  let changed = 0;
  for (const cohortId of await repository.findCohortIdsWithDueSteps(ctx.db, dayOf(now))) {
    const outcome = await ctx.db.transaction((tx) => takeDueStep(tx, cohortId, now, { untakenOnly: true, actor: null }));
    await announceStep(ctx, outcome);
    changed += outcome?.moved.length ?? 0;
  }
  return changed;
}
