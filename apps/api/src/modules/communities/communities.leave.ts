import type { LeavePart } from '../../lib/leave';
import { releaseMembershipsOf } from './communities.repository';

/** Communities: the person's memberships go and come off the member counts; their moderation of spaces goes with their row. */
export const communitiesLeave: LeavePart = {
  name: 'communities',
  tables: [
    { table: 'community_members', column: 'user_id', rule: 'removed', why: 'their memberships go and come off members_count' },
    { table: 'community_moderators', column: 'user_id', rule: 'cascade', why: 'they no longer moderate any space' },
  ],
  async run(tx, _leave, person) {
    await releaseMembershipsOf(tx, person.id);
  },
};
