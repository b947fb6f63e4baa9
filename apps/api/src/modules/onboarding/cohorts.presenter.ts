import type { Cohort } from '@alumlink/contract';
import type { CohortRow } from '../../db/schema/index';
import type { nextStep } from './cohort-steps';

/** A cohort as the admin screen shows it; `next` is its next step and how many people it would move now. */
export function presentCohort(row: CohortRow, next: { step: NonNullable<ReturnType<typeof nextStep>>; people: number } | null): Cohort {
  const applied = [row.internAppliedAt, row.alumniAppliedAt].filter((at): at is Date => at !== null);
  const last = applied.sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: row.id,
    name: row.name,
    year: row.year,
    intern_from: row.internFrom,
    alumni_from: row.alumniFrom,
    members_count: row.membersCount,
    next_step: next ? { role: next.step.role, on: next.step.on, people: next.people } : null,
    last_applied_at: last ? last.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
