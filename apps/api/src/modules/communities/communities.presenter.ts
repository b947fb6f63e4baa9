import type { Community } from '@alumlink/contract';
import type { CommunityListRow } from './communities.repository';

export function presentCommunity(row: CommunityListRow): Community {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    members_count: row.membersCount,
    is_member: row.isMember,
    visibility: row.visibility,
  };
}
