import type { SearchUsersResult } from '@alumlink/contract';
import type { Executor } from '../../db/client';
import { presentUserSummary } from '../users/users.presenter';
import { searchPeople } from './search.repository';

/** People search for signed-in users; blank text finds nobody. */
export async function searchUsers(db: Executor, q: string | undefined): Promise<SearchUsersResult> {
  const text = (q ?? '').trim();
  if (text === '') return [];
  const rows = await searchPeople(db, text);
  return rows.map((row) => presentUserSummary(row));
}
