import type { LeavePart } from '../../lib/leave';
import { accountDeletedEmail } from './account.emails';

/** The account: a confirmation goes to the person's address (sent once the leave committed); the row itself goes last. */
export const accountLeave: LeavePart = {
  name: 'account',
  tables: [],
  async run(tx, leave, person) {
    await leave.app.mailer.enqueue(tx, accountDeletedEmail(leave.app.config, person, leave.by));
    return async () => leave.app.mailer.trigger();
  },
};
