import type { LeavePart } from '../../lib/leave';
import { releaseMembershipsOf } from './communities.repository';

/** Communities: the person's memberships go and come off the member counts. */
export const communitiesLeave: LeavePart = {
  name: 'communities',
  tables: [{ table: 'community_members', column: 'user_id', rule: 'removed', why: 'their memberships go and come off members_count' }],
  async run(tx, _leave, person) {
    await releaseMembershipsOf(tx, person.id);
  },
};
