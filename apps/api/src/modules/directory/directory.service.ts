import type { DirectoryFacets, DirectoryFilters, DirectoryPage, DirectoryQuery, Role } from '@alumlink/contract';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { decodeCursor, toPage } from '../../lib/pagination';
import { presentDirectoryPerson } from './directory.presenter';
import { directoryFacets, listDirectory } from './directory.repository';

/** Filters without the page fields. */
function filtersOf(query: DirectoryFilters): DirectoryFilters {
  const { q, role, cohort_year, company, skill, location, open_to_referrals } = query;
  return { q, role, cohort_year, company, skill, location, open_to_referrals };
}

/** A page of the people the directory lists to the viewer (DESIGN 8.1). */
export async function getDirectoryPage(db: Database, viewer: AuthUser, query: DirectoryQuery): Promise<DirectoryPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await listDirectory(db, viewer, filtersOf(query), { cursor, limit: query.limit });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentDirectoryPerson), next };
}

/** Facet counts of the directory for these filters, over the same people as its pages. */
export async function getDirectoryFacets(db: Database, viewer: AuthUser, filters: DirectoryFilters): Promise<DirectoryFacets> {
  const rows = await directoryFacets(db, viewer, filtersOf(filters));
  return { ...rows, role: rows.role.map((row) => ({ value: row.value as Role, count: row.count })) };
}
