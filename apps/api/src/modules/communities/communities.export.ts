import { and, asc, eq, gt } from 'drizzle-orm';
import { communities, communityMembers } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, mapRows, type ExportSection } from '../../lib/data-export/section';

/** communities.json: the communities the person joined, and when. */
export const communitiesExport: ExportSection = {
  file: 'communities.json',
  tables: ['community_members.user_id'],
  kind: 'list',
  collect: (db, personId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select({ id: communities.id, slug: communities.slug, name: communities.name, joinedAt: communityMembers.createdAt })
            .from(communityMembers)
            .innerJoin(communities, eq(communities.id, communityMembers.communityId))
            .where(and(eq(communityMembers.userId, personId), gt(communityMembers.communityId, after)))
            .orderBy(asc(communityMembers.communityId))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({ community_id: row.id, slug: row.slug, name: row.name, joined_at: iso(row.joinedAt) }),
    ),
};
