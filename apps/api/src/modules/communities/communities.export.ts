import { and, asc, eq, gt } from 'drizzle-orm';
import { communities, communityMembers, communityModerators } from '../../db/schema/index';
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

/** community-moderation.json: the spaces the person moderates, and since when. */
export const communityModerationExport: ExportSection = {
  file: 'community-moderation.json',
  tables: ['community_moderators.user_id'],
  kind: 'list',
  collect: (db, personId) =>
    mapRows(
      keyset(
        (after) =>
          db
            .select({ id: communities.id, slug: communities.slug, name: communities.name, since: communityModerators.createdAt })
            .from(communityModerators)
            .innerJoin(communities, eq(communities.id, communityModerators.communityId))
            .where(and(eq(communityModerators.userId, personId), gt(communityModerators.communityId, after)))
            .orderBy(asc(communityModerators.communityId))
            .limit(EXPORT_PAGE_SIZE),
        (row) => row.id,
      ),
      (row) => ({ community_id: row.id, slug: row.slug, name: row.name, moderator_since: iso(row.since) }),
    ),
};
