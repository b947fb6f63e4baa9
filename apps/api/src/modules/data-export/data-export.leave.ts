import { cascade, type LeavePart } from '../../lib/leave';
import { exportFilesFor } from '../../lib/storage/index';
import { exportFileKeysOf } from './data-export.service';

/** Data exports: the rows go with the person; the zip files are removed once the leave committed. */
export const dataExportLeave: LeavePart = {
  name: 'data-export',
  tables: [cascade('data_exports.user_id', 'their own exports; the files are removed after the commit')],
  async run(tx, leave, person) {
    const keys = await exportFileKeysOf(tx, person.id);
    if (keys.length === 0) return;
    return async () => {
      const files = exportFilesFor(leave.app.config);
      for (const key of keys) await files.remove(key);
    };
  },
};
