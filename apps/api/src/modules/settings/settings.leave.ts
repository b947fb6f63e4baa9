import { cascade, type LeavePart } from '../../lib/leave';

/** Settings: their settings and field privacy go with them. */
export const settingsLeave: LeavePart = {
  name: 'settings',
  tables: [cascade('user_settings.user_id', 'their own settings')],
  async run() {},
};
