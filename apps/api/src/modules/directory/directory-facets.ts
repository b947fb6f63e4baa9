import { DIRECTORY_FACET_SIZE, type DirectoryFacetName, type DirectoryFacets, type DirectoryFilters, type Role } from '@alumlink/contract';
import type { FacetPersonRow, FacetRows } from './directory.repository';
import { skillList } from './directory.presenter';

/**
 * Shared counts are fresh this long; older ones are still answered while one new computation runs
 * (no request waits for a recount once a combination has been counted), up to FACET_STALE_MS.
 */
export const FACET_FRESH_MS = 30_000;
/** Counts older than this are never answered: the request waits for the new ones. */
export const FACET_STALE_MS = 5 * 60_000;
/** At most this many filter combinations are kept (least recently used dropped first). */
const FACET_CACHE_ENTRIES = 500;
/**
 * Shared counts keep this many values per facet, so that adding a viewer's few extra people
 * (directoryExtrasForViewer) still ranks the top DIRECTORY_FACET_SIZE right.
 */
export const SHARED_FACET_SIZE = 50;

type Entry = { at: number; value: Promise<FacetRows>; refreshing: boolean };

/**
 * Facet counts shared between viewers, per audience and filters (decision 010): computed once,
 * answered from memory, recounted in the background once FACET_FRESH_MS old. Concurrent misses
 * wait for one computation; a failed one is not kept. App-scoped: built with the routes.
 */
export function createFacetCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > FACET_CACHE_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  const compute = (key: string, run: () => Promise<FacetRows>): Promise<FacetRows> => {
    const value = run();
    value.then(
      () => remember(key, { at: now(), value, refreshing: false }),
      () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      },
    );
    return value;
  };
  return {
    get(key: string, run: () => Promise<FacetRows>): Promise<FacetRows> {
      const entry = entries.get(key);
      const age = entry ? now() - entry.at : Infinity;
      if (entry && age < FACET_STALE_MS) {
        remember(key, entry);
        if (age >= FACET_FRESH_MS && !entry.refreshing) {
          entry.refreshing = true;
          // The stale counts answer meanwhile; a failed recount leaves them for the next try.
          compute(key, run).catch(() => {
            entry.refreshing = false;
          });
        }
        return entry.value;
      }
      const value = compute(key, run);
      // Misses while it runs share it (at: now, so they do not start their own).
      remember(key, { at: now(), value, refreshing: true });
      return value;
    },
  };
}
export type FacetCache = ReturnType<typeof createFacetCache>;

/** The same tests as the repository's filterSql, for a person counted in memory. */
function matches(person: FacetPersonRow, filters: DirectoryFilters, except: DirectoryFacetName): boolean {
  const lower = (text: string) => text.toLowerCase();
  if (filters.q !== undefined) {
    const words = lower(filters.q).split(/\s+/).filter(Boolean).slice(0, 5);
    if (!words.every((word) => lower(person.firstName).includes(word) || lower(person.lastName).includes(word))) return false;
  }
  if (except !== 'role' && filters.role !== undefined && person.role !== filters.role) return false;
  if (except !== 'cohort_year' && filters.cohort_year !== undefined && person.cohortYear !== filters.cohort_year) return false;
  if (except !== 'company' && filters.company !== undefined && lower(person.company) !== lower(filters.company)) return false;
  if (except !== 'location' && filters.location !== undefined && lower(person.location) !== lower(filters.location)) return false;
  if (except !== 'skill' && filters.skill !== undefined && !skillList(person.skills).some((skill) => lower(skill) === lower(filters.skill ?? ''))) return false;
  if (filters.open_to_referrals !== undefined && person.openToReferrals !== filters.open_to_referrals) return false;
  return true;
}

/** The person's values for a facet ('' and null count nowhere). */
function valuesOf(person: FacetPersonRow, facet: DirectoryFacetName): (string | number)[] {
  switch (facet) {
    case 'role':
      return [person.role];
    case 'cohort_year':
      return person.cohortYear === null ? [] : [person.cohortYear];
    case 'company':
      return person.company === '' ? [] : [person.company];
    case 'location':
      return person.location === '' ? [] : [person.location];
    case 'skill':
      return skillList(person.skills);
  }
}

const keyOf = (value: string | number) => (typeof value === 'string' ? value.toLowerCase() : String(value));

/** Shared counts plus the viewer's extra people, cut to the top DIRECTORY_FACET_SIZE per facet. */
export function mergeFacets(shared: FacetRows, extras: FacetPersonRow[], filters: DirectoryFilters): DirectoryFacets {
  const merge = <T extends string | number>(facet: DirectoryFacetName, counted: { value: T; count: number }[]) => {
    const byKey = new Map(counted.map((item) => [keyOf(item.value), { ...item }]));
    for (const person of extras) {
      if (!matches(person, filters, facet)) continue;
      for (const value of valuesOf(person, facet)) {
        const found = byKey.get(keyOf(value));
        if (found) found.count += 1;
        else byKey.set(keyOf(value), { value: value as T, count: 1 });
      }
    }
    return [...byKey.entries()]
      .sort(([keyA, a], [keyB, b]) => b.count - a.count || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
      .slice(0, DIRECTORY_FACET_SIZE)
      .map(([, item]) => item);
  };
  return {
    role: merge('role', shared.role).map((item) => ({ value: item.value as Role, count: item.count })),
    cohort_year: merge('cohort_year', shared.cohort_year),
    company: merge('company', shared.company),
    skill: merge('skill', shared.skill),
    location: merge('location', shared.location),
  };
}
