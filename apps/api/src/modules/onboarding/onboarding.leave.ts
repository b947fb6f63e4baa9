import { sql } from 'drizzle-orm';
import type { LeavePart } from '../../lib/leave';
import { invitations } from '../../db/schema/index';

/**
 * Onboarding: their cohort membership and hand-set role marks go with them; the invitations sent to
 * their address (which hold it and their name) are deleted; the invitations they sent stay valid for
 * the people invited, without naming who sent them.
 */
export const onboardingLeave: LeavePart = {
  name: 'onboarding',
  tables: [
    { table: 'cohort_members', column: 'user_id', rule: 'cascade', why: 'their own place in a cohort' },
    { table: 'hand_set_roles', column: 'user_id', rule: 'cascade', why: 'the mark that an admin set their role by hand' },
    {
      table: 'invitations',
      column: 'accepted_user_id',
      rule: 'removed',
      why: 'the invitations to their address hold it and their name: they go',
    },
    {
      table: 'invitations',
      column: 'invited_by_id',
      rule: 'kept',
      why: 'invitations they sent stay valid for the people invited, without naming them',
    },
  ],
  async run(tx, _leave, person) {
    await tx
      .delete(invitations)
      .where(sql`lower(${invitations.email}) = lower(${person.email}) or ${invitations.acceptedUserId} = ${person.id}`);
  },
};
