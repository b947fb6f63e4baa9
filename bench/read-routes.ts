/** The community reads of issue #44 and #42, in the order they run (endpoints.ts's SCENARIO_KEYS runs them; all are read routes). */
export const COMMUNITY_SCENARIO_KEYS = [
  'jobs',
  'events',
  'referrals',
  'referral-board',
  'my-referral-requests',
  'notifications',
  'communities',
  'space-feed',
  'tag-feed',
  'search-everything',
] as const;

/**
 * The read routes a member uses, each held to the feed of the same run (issue #44): at least
 * READ_SHARE_TARGET of its req/s with p99 at most READ_P99_RATIO_TARGET × its p99. report.ts
 * prints one verdict per key measured.
 */
export const READ_ROUTE_KEYS: readonly string[] = [
  'directory-all',
  'directory-one',
  'directory',
  'directory-facets-all',
  'directory-facets',
  'directory-facets-fresh',
  'mentors-all',
  'mentors',
  'profile',
  'conversations',
  'typeahead',
  ...COMMUNITY_SCENARIO_KEYS,
];

export const READ_SHARE_TARGET = 0.8;
export const READ_P99_RATIO_TARGET = 1.5;
