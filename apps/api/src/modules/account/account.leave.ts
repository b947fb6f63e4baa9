import type { LeavePart } from '../../lib/leave';
import { accountDeletedEmail } from './account.emails';

/** The account: a confirmation goes to the person's address (sent once the leave committed); the row itself goes last. */
export const accountLeave: LeavePart = {
  name: 'account',
  tables: [],
  async run(_tx, leave, person) {
    await leave.work.sendMail(accountDeletedEmail(leave.app.config, person, leave.by));
  },
};
