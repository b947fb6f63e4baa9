import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { exportedMediaPath, iso, type ExportSection } from '../../lib/data-export/section';
import { presentUser } from './users.presenter';

/** profile.json: the person's own record, every field (no password hash: the presenter's whitelist). */
export const profileExport: ExportSection = {
  file: 'profile.json',
  tables: [],
  kind: 'object',
  collect: async (db, personId) => {
    const [row] = await db.select().from(users).where(eq(users.id, personId));
    if (!row) return null;
    return {
      ...presentUser(row),
      image: exportedMediaPath(row.image),
      profile: undefined,
      email_verified_at: iso(row.emailVerifiedAt),
      updated_at: iso(row.updatedAt),
    };
  },
  media: async function* (db, personId) {
    const [row] = await db.select({ image: users.image }).from(users).where(eq(users.id, personId));
    if (row?.image) yield row.image;
  },
};
