import type { LeavePart } from '../../lib/leave';
import { mediaKeysOfPerson, releaseMedia } from './media.service';

/** Media: the person's pictures (avatar, posts) are removed once the leave committed, unless something else still shows them. */
export const mediaLeave: LeavePart = {
  name: 'media',
  tables: [],
  async run(tx, leave, person) {
    const keys = await mediaKeysOfPerson(tx, person.id);
    if (keys.length > 0) return () => releaseMedia(leave.app, keys);
  },
};
