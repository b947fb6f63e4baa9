import type { Community } from '@alumlink/contract';
import type { Database } from '../../db/client';
import { presentCommunity } from './communities.presenter';
import { listCommunitiesByName } from './communities.repository';

/** Every community of the hub, ordered by name; public. */
export async function listCommunities(db: Database): Promise<Community[]> {
  const rows = await listCommunitiesByName(db);
  return rows.map(presentCommunity);
}
