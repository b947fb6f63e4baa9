/**
 * Read routes held to the feed's bar (issue #44): each serves at least 0.8× the feed's requests per
 * second with a p99 at most 1.5× the feed's, in the same run.
 */
export const READ_ROUTE_KEYS: readonly string[] = [
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
];
