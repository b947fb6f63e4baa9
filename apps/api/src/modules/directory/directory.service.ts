import type { DirectoryFacets, DirectoryFilters, DirectoryPage, DirectoryQuery } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { decodeCursor, toPage } from '../../lib/pagination';
import { presentDirectoryPerson } from './directory.presenter';
import { mergeFacets, SHARED_FACET_SIZE } from './directory-facets';
import { nameWordsOf, type FacetAudience } from './directory.repository';

/** Filters without the page fields. */
function filtersOf(query: DirectoryFilters): DirectoryFilters {
  const { q, role, cohort_year, company, skill, location, open_to_referrals } = query;
  return { q, role, cohort_year, company, skill, location, open_to_referrals };
}

/** A page of the people the directory lists to the viewer (DESIGN 8.1). */
export async function getDirectoryPage(ctx: AppContext, viewer: AuthUser, query: DirectoryQuery): Promise<DirectoryPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.repositories.directory.findPage(viewer, filtersOf(query), { before: cursor, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: new Date(row.created_at), id: row.id }));
  return { results: items.map(presentDirectoryPerson), next };
}

/**
 * Facet counts of the directory for these filters, over the same people as its pages: the counts
 * every member shares (listed Public people and the fields shown to everyone; for admins every
 * listed person) come from the cache, corrected for the member's circle (themselves and their
 * connections, who may show them more).
 */
export async function getDirectoryFacets(ctx: AppContext, viewer: AuthUser, query: DirectoryFilters): Promise<DirectoryFacets> {
  // Keyed (and counted) by what the search uses: `q` as the words it matches, so "Ann", " ann " and
  // "ann b c d e f" (only five words count) share one cache entry.
  const words = query.q ? nameWordsOf(query.q) : [];
  const filters = { ...filtersOf(query), q: words.length > 0 ? words.join(' ') : undefined };
  const audience: FacetAudience = viewer.role === 'AD' ? 'everyone' : 'public';
  const shared = await ctx.repositories.directory.facetCache.get(
    JSON.stringify([audience, filters]),
    () => ctx.repositories.directory.countFacets(audience, filters, SHARED_FACET_SIZE),
    (index) => index.count(audience, filters, SHARED_FACET_SIZE),
  );
  const circle = audience === 'everyone' ? [] : await ctx.repositories.directory.findCircle(viewer);
  return mergeFacets(shared, circle, viewer, filters);
}
