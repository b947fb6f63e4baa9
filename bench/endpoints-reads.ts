import type { RequestSpec } from './sender';
import { DIRECTORY_FILTER_PAIRS } from './names';

/** Rotated one filter at a time: what a person picks first in the directory. */
const DIRECTORY_SINGLE_FILTERS = DIRECTORY_FILTER_PAIRS.map((pair) => pair.split('&')[0] ?? '');

/** Years for the never-cached facets (with a two-letter name fragment: more combinations than the cache keeps). */
const COHORT_YEARS = [2014, 2016, 2018, 2019, 2020, 2021, 2022, 2023, 2024];
const LETTERS = 'abcdefghiklmnoprstuy';

/** A new filter combination on every call for a long while (name fragment × year), so facets are counted, not cached. */
export function freshFacetQuery(n: number): string {
  const first = LETTERS[n % LETTERS.length] ?? 'a';
  const second = LETTERS[Math.floor(n / LETTERS.length) % LETTERS.length] ?? 'a';
  const year = COHORT_YEARS[Math.floor(n / (LETTERS.length * LETTERS.length)) % COHORT_YEARS.length] ?? 2020;
  return `q=${first}${second}&cohort_year=${year}`;
}

type Get = (n: number, path: string) => RequestSpec;

/**
 * The directory, its facets, mentors and a profile as a person uses them (issue #44); their
 * verdicts are READ_ROUTE_KEYS'. `get` signs the request as the n-th viewer; `personAt` spreads ids.
 */
export function readScenarios<S extends { key: string }>(
  scenario: (key: string, label: string, make: (n: number) => RequestSpec) => S,
  get: Get,
  personAt: (n: number) => number,
): S[] {
  const pick = <T>(list: readonly T[], n: number, fallback: T) => list[n % list.length] ?? fallback;
  return [
    scenario('directory-all', 'directory page, no filter: GET /api/directory/', (n) => get(n, '/api/directory/')),
    scenario('directory-one', 'directory page, one filter: GET /api/directory/?<company, cohort, skill, location or role>', (n) =>
      get(n, `/api/directory/?${pick(DIRECTORY_SINGLE_FILTERS, n, '')}`),
    ),
    scenario('directory-facets-all', 'directory facets, no filter: GET /api/directory/facets/', (n) => get(n, '/api/directory/facets/')),
    scenario('directory-facets-fresh', 'directory facets, never cached: GET /api/directory/facets/?q=<2 letters>&cohort_year=', (n) =>
      get(n, `/api/directory/facets/?${freshFacetQuery(n)}`),
    ),
    scenario('mentors-all', 'mentors, no topic: GET /api/mentoring/mentors/', (n) => get(n, '/api/mentoring/mentors/')),
    scenario('profile', 'a profile by id: GET /social/user-profiles/by-id/?user_id=', (n) =>
      get(n, `/social/user-profiles/by-id/?user_id=${personAt(n)}`),
    ),
  ];
}
