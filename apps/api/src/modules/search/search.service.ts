import type { SearchUsersResult } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { presentUserSummary } from '../users/users.presenter';

/** People search for signed-in users; blank text finds nobody; hidden profiles are left out. */
export async function searchUsers(ctx: AppContext, viewer: AuthUser, q: string | undefined): Promise<SearchUsersResult> {
  const text = (q ?? '').trim();
  if (text === '') return [];
  const rows = await ctx.repositories.search.searchPeople(text, viewer);
  return rows.map((row) => presentUserSummary(row));
}
