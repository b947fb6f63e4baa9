import type { Community } from '@alumlink/contract';
import type { CommunityRow } from '../../db/schema/index';

export function presentCommunity(row: CommunityRow): Community {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    members_count: row.membersCount,
  };
}
