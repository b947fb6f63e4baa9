import { sql } from 'drizzle-orm';
import { cascade, kept, removed, type LeavePart } from '../../lib/leave';
import { invitations } from '../../db/schema/index';

/**
 * Onboarding: their cohort membership and hand-set role marks go with them; the invitations sent to
 * their address (which hold it and their name) are deleted; the invitations they sent stay valid for
 * the people invited, without naming who sent them.
 */
export const onboardingLeave: LeavePart = {
  name: 'onboarding',
  tables: [
    cascade('cohort_members.user_id', 'their own place in a cohort'),
    cascade('hand_set_roles.user_id', 'the mark that an admin set their role by hand'),
    removed('invitations.accepted_user_id', 'the invitations to their address hold it and their name: they go'),
    kept('invitations.invited_by_id', 'invitations they sent stay valid for the people invited, without naming them'),
  ],
  async run(tx, _leave, person) {
    await tx
      .delete(invitations)
      .where(sql`lower(${invitations.email}) = lower(${person.email}) or ${invitations.acceptedUserId} = ${person.id}`);
  },
};
