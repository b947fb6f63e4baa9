import { cascade, type LeavePart } from '../../lib/leave';

/** Users: the old usernames that led to their profile go with them (links by them then find nobody). */
export const usersLeave: LeavePart = {
  name: 'users',
  tables: [cascade('username_aliases.user_id', 'their own former usernames')],
  async run() {},
};
