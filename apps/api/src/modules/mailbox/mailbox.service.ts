import type { AppContext } from '../../app-context';
import type { OutgoingEmailRow } from '../../db/schema/index';
import { listRecentEmails } from './mailbox.repository';

/** The newest messages of the outbox (to one address, or all): what the dev mailbox shows. */
export function recentEmails(ctx: Pick<AppContext, 'db'>, options: { to?: string; limit: number }): Promise<OutgoingEmailRow[]> {
  return listRecentEmails(ctx.db, options);
}
