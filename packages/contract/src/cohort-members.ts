import { z } from 'zod';
import { paginated, roleSchema } from './common';

/** One person of a cohort, as the admin Cohorts screen lists them (GET /api/admin/cohorts/{id}/members/). */
export const cohortMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: roleSchema,
  /** When they joined the cohort (ISO). */
  joined_at: z.string(),
});
export type CohortMember = z.infer<typeof cohortMemberSchema>;

/** GET /api/admin/cohorts/{id}/members/?cursor=: by account, oldest first. */
export const cohortMemberPageSchema = paginated(cohortMemberSchema);
export type CohortMemberPage = z.infer<typeof cohortMemberPageSchema>;
