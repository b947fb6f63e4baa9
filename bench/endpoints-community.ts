import type { RequestSpec } from './sender';
import type { BenchContext, Scenario } from './scenario';
import {
  BENCH_TAGS,
  communitySizes,
  communitySlug,
  isMember,
  isMembersOnly,
  offerOwner,
  SEARCH_EVERYTHING_TERMS,
} from './load-data-community';

/** Cycles through 0, 1, 2, … on every call. */
function counter(): () => number {
  let value = 0;
  return () => value++;
}

/** Tells apart the fresh texts of the bench's processes (each counts from 0). */
const freshSalt = Math.floor(Math.random() * 1e9);

const JOB_TYPES = ['All', 'All', 'Full-Time', 'Contract'];

export function buildCommunityScenarios(context: BenchContext): Scenario[] {
  const { scale, viewerIds, tokens } = context;
  const size = communitySizes(scale);
  const bearer = (id: number) => {
    const token = tokens.get(id);
    if (!token) throw new Error(`No access token for person ${id}`);
    return { authorization: `Bearer ${token}` };
  };
  const viewerAt = (n: number) => viewerIds[n % viewerIds.length] ?? 2;
  /** A viewer who is a member of community c (viewers are consecutive ids, a tenth are members). */
  const memberOf = (c: number, n: number) => {
    let id = viewerAt(n);
    while (!isMember(id, c)) id += 1;
    return tokens.has(id) ? id : viewerAt(0) + ((10 - ((viewerAt(0) + 7 * c) % 10)) % 10);
  };
  const scenario = (key: string, label: string, make: (n: number) => RequestSpec): Scenario => {
    const tick = counter();
    return { key, label, next: () => make(tick()) };
  };
  const get = (path: string, id: number): RequestSpec => ({ method: 'GET', path, headers: bearer(id) });

  return [
    scenario('jobs', 'job board: GET /api/jobs/?type= (All or one type)', (n) =>
      get(`/api/jobs/?type=${JOB_TYPES[n % JOB_TYPES.length] ?? 'All'}`, viewerAt(n)),
    ),
    scenario('events', 'events: GET /api/events/', (n) => get('/api/events/', viewerAt(n))),
    scenario('referrals', 'referral offers: GET /api/referrals/', (n) => get('/api/referrals/', viewerAt(n))),
    scenario('referral-board', "an alumnus's requests on an offer: GET /api/referrals/{id}/requests/", (n) => {
      const offer = 1 + (n % size.offers);
      return get(`/api/referrals/${offer}/requests/`, offerOwner(offer));
    }),
    scenario('my-referral-requests', 'my referral requests: GET /api/referral-requests/mine/', (n) =>
      get('/api/referral-requests/mine/', viewerAt(n)),
    ),
    scenario('notifications', 'notifications: GET /social/notifications/', (n) => get('/social/notifications/', viewerAt(n))),
    scenario('communities', 'communities: GET /api/communities/', (n) => get('/api/communities/', viewerAt(n))),
    scenario('space-feed', "a space's feed: GET /api/communities/{slug}/posts/ (members-only ones by members)", (n) => {
      const c = 1 + (n % size.communities);
      return get(`/api/communities/${communitySlug(c)}/posts/`, isMembersOnly(c) ? memberOf(c, n) : viewerAt(n));
    }),
    scenario('tag-feed', 'a tag feed: GET /social/posts/?tag=', (n) =>
      get(`/social/posts/?tag=${BENCH_TAGS[n % BENCH_TAGS.length] ?? 'hiring'}`, viewerAt(n)),
    ),
    scenario('search-everything', 'search everything: GET /api/search/?q= (full-text)', (n) =>
      get(`/api/search/?q=${encodeURIComponent(SEARCH_EVERYTHING_TERMS[n % SEARCH_EVERYTHING_TERMS.length] ?? 'cloud')}`, viewerAt(n)),
    ),
    // Information, not a verdict (not in READ_ROUTE_KEYS): a text never asked before on every request, so
    // nothing kept answers it (decision 057). The same matches as search-everything's term (an `or` with a
    // word no row holds, the text ending in a space so that it is no prefix), a new text each time.
    scenario('search-everything-fresh', 'search everything, a new text each time: GET /api/search/?q=<term> or <new word>', (n) =>
      get(
        `/api/search/?q=${encodeURIComponent(`${SEARCH_EVERYTHING_TERMS[n % SEARCH_EVERYTHING_TERMS.length] ?? 'cloud'} or zq${n}r${freshSalt} `)}`,
        viewerAt(n),
      ),
    ),
  ];
}
