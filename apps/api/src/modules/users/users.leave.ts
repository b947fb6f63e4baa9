import { cascade, type LeavePart } from '../../lib/leave';

/** Users: the old usernames that led to their profile and their skills as the directory finds them go with them. */
export const usersLeave: LeavePart = {
  name: 'users',
  tables: [
    cascade('username_aliases.user_id', 'their own former usernames'),
    cascade(
      'user_skills.user_id',
      'their skills as the directory filters by them, with their other directory filters (a copy of their profile)',
    ),
  ],
  async run() {},
};
