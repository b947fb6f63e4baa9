import type { LeavePart } from '../../lib/leave';

/** Settings: their settings and field privacy go with them. */
export const settingsLeave: LeavePart = {
  name: 'settings',
  tables: [{ table: 'user_settings', column: 'user_id', rule: 'cascade', why: 'their own settings' }],
  async run() {},
};
