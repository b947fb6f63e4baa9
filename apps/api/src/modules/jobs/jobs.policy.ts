import type { Role } from '@alumlink/contract';
import type { AuthUser } from '../../lib/auth';

export type JobAction = 'create' | 'edit';

/** Roles that may post jobs. */
const JOB_POSTER_ROLES: readonly Role[] = ['AD', 'AL'];

/** Who may do what on the job board: alumni and admins post; the author or any admin edits, closes, reopens. */
export function canOnJob(user: Pick<AuthUser, 'id' | 'role'>, action: JobAction, job?: { postedBy: number }): boolean {
  switch (action) {
    case 'create':
      return JOB_POSTER_ROLES.includes(user.role);
    case 'edit':
      return job !== undefined && (job.postedBy === user.id || user.role === 'AD');
  }
}
