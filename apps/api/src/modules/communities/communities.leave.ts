import { cascade, removed, type LeavePart } from '../../lib/leave';
import { releaseMembershipsOf } from './communities.repository';

/** Communities: the person's memberships go and come off the member counts; their moderation of spaces goes with their row. */
export const communitiesLeave: LeavePart = {
  name: 'communities',
  tables: [
    removed('community_members.user_id', 'their memberships go and come off members_count'),
    cascade('community_moderators.user_id', 'they no longer moderate any space'),
  ],
  async run(tx, _leave, person) {
    await releaseMembershipsOf(tx, person.id);
  },
};
