import type { LeavePart } from '../../lib/leave';

/** Users: the old usernames that led to their profile go with them (links by them then find nobody). */
export const usersLeave: LeavePart = {
  name: 'users',
  tables: [{ table: 'username_aliases', column: 'user_id', rule: 'cascade', why: 'their own former usernames' }],
  async run() {},
};
