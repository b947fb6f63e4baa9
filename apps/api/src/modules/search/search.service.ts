import type { SearchUsersResult } from '@alumlink/contract';
import type { AuthUser } from '../../lib/auth';
import { presentUserSummary } from '../users/users.presenter';
import { searchPeople } from './search.repository';
import type { AppContext } from '../../app-context';

/** People search for signed-in users; blank text finds nobody; hidden profiles are left out. */
export async function searchUsers(ctx: AppContext, viewer: AuthUser, q: string | undefined): Promise<SearchUsersResult> {
  const text = (q ?? '').trim();
  if (text === '') return [];
  const rows = await searchPeople(ctx.db, text, viewer);
  return rows.map((row) => presentUserSummary(row));
}
