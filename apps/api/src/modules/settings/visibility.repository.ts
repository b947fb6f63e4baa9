import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { users } from '../../db/schema/index';
import { visibleToViewerIdSql, type Viewer } from './visibility';

const viewerId = sql.placeholder('viewerId');
const personId = sql`${sql.placeholder('personId')}::integer`;

/** canSeePerson as one statement: the person exists and the viewer sees everyone or may see them. */
export const personVisibleStatement = sql`
  select exists (
    select 1 from ${users}
    where ${users.id} = ${personId} and (${sql.placeholder('seesEveryone')}::boolean or ${visibleToViewerIdSql(viewerId, users.id)})
  ) as visible`;

/**
 * The visibility checks that hot routes run on their own (a profile, a person's posts), prepared
 * once per app (`ctx.repositories.visibility`). Inside a transaction use canSeePerson and
 * userCanSeeEmailOf of visibility.ts.
 */
export function createVisibilityRepository(db: Database) {
  const personVisible = prepareRawStatement<{ visible: boolean }>(db, 'visibility_person', personVisibleStatement);
  return {
    /** True when the person exists and the viewer may see them (visibleToSql; admins see everyone). */
    async canSeePerson(viewer: Viewer, person: number): Promise<boolean> {
      const rows = await personVisible.execute({ viewerId: viewer.id, seesEveryone: viewer.role === 'AD', personId: person });
      return rows[0]?.visible === true;
    },
  };
}

export type VisibilityRepository = ReturnType<typeof createVisibilityRepository>;
