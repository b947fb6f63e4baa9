import {
  DEFAULT_FIELD_PRIVACY,
  DIRECTORY_FACET_SIZE,
  type DirectoryFacetName,
  type DirectoryFacets,
  type DirectoryFilters,
  type PrivateField,
  type Role,
} from '@alumlink/contract';
import { createChangeFollowingCache, type FollowedChanges } from '../../db/change-following-cache';
import type { Viewer } from '../settings/visibility';
import { FIELD_OF, type CirclePersonRow, type FacetRows } from './directory.repository';
import { skillList } from './directory.presenter';
import type { DirectoryIndex } from './directory-index';
import type { DirectoryIndexData } from './directory-index-data';

/**
 * Counts of the current generation (no change announced since they were counted) are recounted in
 * the background once this old, the old ones answering meanwhile, up to FACET_STALE_MS: a belt
 * against a change nobody announced (the announcement switched off), never the way a change is seen.
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

/**
 * Facet counts shared between viewers, per audience and filters (decisions 010 and 046): a
 * createChangeFollowingCache kept true by migration 0040_directory_changes's announcements
 * (directory-changes.plugin.ts). App-scoped (ctx.repositories.directory.facetCache).
 */
/**
 * Facet counts shared between viewers, per audience and filters (decisions 010, 046 and 056): a
 * createChangeFollowingCache kept true by migration 0040_directory_changes's announcements
 * (directory-changes.plugin.ts), counted from the directory index when there is one.
 * App-scoped (ctx.repositories.directory.facetCache).
 */
export function createFacetCache(now: () => number = Date.now, index?: DirectoryIndex) {
  const cache = createChangeFollowingCache<FacetRows>({
    entries: FACET_CACHE_ENTRIES,
    freshMs: FACET_FRESH_MS,
    staleMs: FACET_STALE_MS,
    now,
  });
  return {
    /**
     * The shared counts for `key`: from memory when nothing changed since, else counted by `count`
     * from the directory index (decision 056) once it holds every change heard, else by `run` (the
     * counting statement: while nobody listens, while the index loads everyone, or when it cannot).
     */
    async get(key: string, run: () => Promise<FacetRows>, count?: (data: DirectoryIndexData) => FacetRows): Promise<FacetRows> {
      const counted =
        index && count
          ? () => {
              // While everyone is loaded (a second or more), the statement answers instead of a queue.
              if (!index.ready) {
                index.sync().catch(() => undefined);
                return run();
              }
              return index.sync().then(count, () => run());
            }
          : run;
      // Off or not caught up: the statement counts (the index may miss a change nobody heard).
      return (await cache.kept(key, counted)) ?? run();
    },
    /** A change was announced (`payload`: the people changed): no count held or under way is answered again. */
    changed(payload = ''): void {
      cache.changed();
      index?.changed(payload);
    },
    /** Follows these announcements (the channel is listened to), or none (the cache is off). Either way empties it. */
    follow(next: FollowedChanges | null): void {
      cache.follow(next);
      // Announcements may have been missed in between: the index reloads everyone, starting now
      // when the channel is listened to (worker start, a channel found again), not at the first
      // count: the statement counts meanwhile, and the load is done before most requests come.
      index?.reset();
      if (next) index?.prepare();
    },
    /** Stops the index's load under way, if any, and waits for it (the app closes). */
    async close(): Promise<void> {
      await index?.close();
    },
    /** The directory index, if counts are counted in memory. */
    index,
    /** Whether counts are kept (a channel is followed). */
    get enabled(): boolean {
      return cache.enabled;
    },
  };
}
export type FacetCache = ReturnType<typeof createFacetCache>;

type Sight = { person: boolean; field: (field: PrivateField) => boolean };

/**
 * What someone sees of a person of the viewer's circle: as everyone does (the shared counts) or as
 * the viewer does (themselves: everything listed; a connection: Only Connections profiles and
 * fields shown to connections). The same rules as listedInDirectoryForSql and fieldVisibleSql.
 */
function sightOf(person: CirclePersonRow, viewer: Viewer, as: 'everyone' | 'viewer'): Sight {
  const listed = person.listed ?? true;
  const profile = person.profileVisibility ?? 'Public';
  const audiences: Record<PrivateField, string> = {
    ...DEFAULT_FIELD_PRIVACY,
    ...(person.companyVisibleTo ? { company: person.companyVisibleTo } : {}),
    ...(person.locationVisibleTo ? { location: person.locationVisibleTo } : {}),
    ...(person.cohortYearVisibleTo ? { cohort_year: person.cohortYearVisibleTo } : {}),
    ...(person.skillsVisibleTo ? { skills: person.skillsVisibleTo } : {}),
  };
  if (as === 'everyone') return { person: listed && profile === 'Public', field: (field) => audiences[field] === 'everyone' };
  if (person.id === viewer.id) return { person: listed, field: () => true };
  return { person: listed && profile !== 'Private', field: (field) => audiences[field] !== 'only_me' };
}

/** The same tests as the repository's filterSql, for a person counted in memory. */
function matches(person: CirclePersonRow, filters: DirectoryFilters, except: DirectoryFacetName, sight: Sight): boolean {
  const lower = (text: string) => text.toLowerCase();
  const seen = (facet: DirectoryFacetName) => {
    const field = FIELD_OF[facet];
    return field === undefined || sight.field(field);
  };
  if (filters.q !== undefined) {
    const words = lower(filters.q).split(/\s+/).filter(Boolean).slice(0, 5);
    if (!words.every((word) => lower(person.firstName).includes(word) || lower(person.lastName).includes(word))) return false;
  }
  if (except !== 'role' && filters.role !== undefined && person.role !== filters.role) return false;
  if (except !== 'cohort_year' && filters.cohort_year !== undefined && (!seen('cohort_year') || person.cohortYear !== filters.cohort_year))
    return false;
  if (except !== 'company' && filters.company !== undefined && (!seen('company') || lower(person.company) !== lower(filters.company)))
    return false;
  if (except !== 'location' && filters.location !== undefined && (!seen('location') || lower(person.location) !== lower(filters.location)))
    return false;
  if (except !== 'skill' && filters.skill !== undefined) {
    const skill = lower(filters.skill);
    if (!seen('skill') || !skillList(person.skills).some((item) => lower(item) === skill)) return false;
  }
  if (filters.open_to_referrals !== undefined && person.openToReferrals !== filters.open_to_referrals) return false;
  return seen(except);
}

/** The person's values for a facet ('' and null count nowhere). */
function valuesOf(person: CirclePersonRow, facet: DirectoryFacetName): (string | number)[] {
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

/** What the person adds to the facet for someone who sees them so. */
function contribution(person: CirclePersonRow, facet: DirectoryFacetName, filters: DirectoryFilters, sight: Sight): (string | number)[] {
  return sight.person && matches(person, filters, facet, sight) ? valuesOf(person, facet) : [];
}

const keyOf = (value: string | number) => (typeof value === 'string' ? value.toLowerCase() : String(value));

/**
 * The shared counts (what everyone sees) corrected for the viewer's circle: each person of it adds
 * what the viewer sees of them and takes back what the shared counts already hold; then the top
 * DIRECTORY_FACET_SIZE per facet.
 */
export function mergeFacets(shared: FacetRows, circle: CirclePersonRow[], viewer: Viewer, filters: DirectoryFilters): DirectoryFacets {
  const merge = <T extends string | number>(facet: DirectoryFacetName, counted: { value: T; count: number }[]) => {
    const byKey = new Map(counted.map((item) => [keyOf(item.value), { ...item }]));
    const add = (value: string | number, delta: number) => {
      const found = byKey.get(keyOf(value));
      if (found) found.count += delta;
      else if (delta > 0) byKey.set(keyOf(value), { value: value as T, count: delta });
    };
    for (const person of circle) {
      for (const value of contribution(person, facet, filters, sightOf(person, viewer, 'viewer'))) add(value, 1);
      for (const value of contribution(person, facet, filters, sightOf(person, viewer, 'everyone'))) add(value, -1);
    }
    return [...byKey.entries()]
      .filter(([, item]) => item.count > 0)
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
