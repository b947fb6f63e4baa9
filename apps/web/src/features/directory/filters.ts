import { directoryFiltersSchema, type DirectoryFilters } from '@alumlink/contract';

/** The URL's filter names, in the order they are written. */
export const FILTER_PARAMS = ['q', 'role', 'cohort_year', 'company', 'skill', 'location', 'open_to_referrals'] as const;

/**
 * The filters of a /user/people URL, read with the contract's schema; a value the schema refuses
 * (a hand-edited link) is dropped rather than breaking the page.
 */
export function filtersFromSearch(search: URLSearchParams): DirectoryFilters {
  const filters: DirectoryFilters = {};
  for (const name of FILTER_PARAMS) {
    const value = search.get(name);
    if (value === null) continue;
    const parsed = directoryFiltersSchema.shape[name].safeParse(value);
    if (parsed.success && parsed.data !== undefined) Object.assign(filters, { [name]: parsed.data });
  }
  return filters;
}

/** Filters → query parameters (no empty ones), for the API and for the page's URL. */
export function filtersToQuery(filters: DirectoryFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of FILTER_PARAMS) {
    const value = filters[name];
    if (value !== undefined && value !== '') query[name] = String(value);
  }
  return query;
}

/** How many filters are set (the name box not counted). */
export function activeFilterCount(filters: DirectoryFilters): number {
  return FILTER_PARAMS.filter((name) => name !== 'q' && filters[name] !== undefined).length;
}
