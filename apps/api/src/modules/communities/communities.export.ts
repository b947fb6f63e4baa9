import { and, asc, eq, getTableName, gt } from 'drizzle-orm';
import { communities, communityMembers, communityModerators } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, iso, keyset, mapRows, type ExportSection } from '../../lib/data-export/section';

/** The spaces the person has a row for in `link` (member or moderator), with the row's date as `since`. */
function spacesSection(file: string, link: typeof communityMembers | typeof communityModerators, since: string): ExportSection {
  return {
    file,
    tables: [`${getTableName(link)}.user_id`],
    kind: 'list',
    collect: (db, personId) =>
      mapRows(
        keyset(
          (after) =>
            db
              .select({ id: communities.id, slug: communities.slug, name: communities.name, since: link.createdAt })
              .from(link)
              .innerJoin(communities, eq(communities.id, link.communityId))
              .where(and(eq(link.userId, personId), gt(link.communityId, after)))
              .orderBy(asc(link.communityId))
              .limit(EXPORT_PAGE_SIZE),
          (row) => row.id,
        ),
        (row) => ({ community_id: row.id, slug: row.slug, name: row.name, [since]: iso(row.since) }),
      ),
  };
}

/** communities.json: the communities the person joined, and when. */
export const communitiesExport = spacesSection('communities.json', communityMembers, 'joined_at');

/** community-moderation.json: the spaces the person moderates, and since when. */
export const communityModerationExport = spacesSection('community-moderation.json', communityModerators, 'moderator_since');
