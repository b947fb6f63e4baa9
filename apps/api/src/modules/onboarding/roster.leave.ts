import { sql } from 'drizzle-orm';
import { rosterImportRejects } from '../../db/schema/index';
import { kept, type LeavePart } from '../../lib/leave';

/**
 * Roster imports. An import belongs to the organisation's record of who was invited: when the
 * administrator who ran it leaves it stays, no longer linked to them (its `admin_label` keeps the
 * name as it was, like the audit log). The rows it rejected hold other people's addresses and
 * names: the leaver's own rejected rows (by e-mail) go; all go with the import after 30 days.
 */
export const rosterLeave: LeavePart = {
  name: 'roster',
  tables: [kept('roster_imports.admin_id', "imports they ran stay in the organisation's record of invitations, unlinked from them")],
  async run(tx, _leave, person) {
    await tx.delete(rosterImportRejects).where(sql`lower(${rosterImportRejects.email}) = lower(${person.email})`);
  },
};
