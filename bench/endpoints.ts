import { ADMIN_ID, BENCH_PASSWORD, conversationCount, conversationPair, emailOf } from './identities';
import type { RequestSpec } from './sender';
import { DIRECTORY_FILTER_PAIRS, MENTOR_TOPICS, searchTerms, TYPEAHEAD_TERMS } from './names';
import type { BenchContext, Scenario } from './scenario';
import { readScenarios } from './endpoints-reads';
import { buildCommunityScenarios } from './endpoints-community';
import { isSpacePost } from './load-data-community';
import { COMMUNITY_SCENARIO_KEYS } from './read-routes';

/** What the scenarios need: who may act, their tokens, and prepared cursors and refresh tokens. */
/** Every scenario in the order they run (reads first, then writes; refresh before its pool runs low). */
export const SCENARIO_KEYS = [
  'baseline',
  'floor-http',
  'floor-db',
  'signin',
  'refresh',
  'feed',
  'feed50',
  'mentors',
  'user-posts',
  'search',
  'typeahead',
  'directory',
  'directory-facets',
  // endpoints-reads.ts
  'directory-all',
  'directory-one',
  'directory-facets-all',
  'directory-facets-fresh',
  'mentors-all',
  'profile',
  'conversations',
  'messages',
  ...COMMUNITY_SCENARIO_KEYS,
  'search-everything-fresh',
  'like',
  'comment',
  'send',
  'admin-users',
  'admin-stats',
  'signin-load',
] as const;

/** Cycles through 0, 1, 2, … on every call. */
function counter(): () => number {
  let value = 0;
  return () => value++;
}

export function buildScenarios(context: BenchContext): Scenario[] {
  const { scale, viewerIds, tokens } = context;
  const bearer = (id: number) => {
    const token = tokens.get(id);
    if (!token) throw new Error(`No access token for person ${id}`);
    return { authorization: `Bearer ${token}` };
  };
  const viewerAt = (n: number) => viewerIds[n % viewerIds.length] ?? 2;
  // A post id spread over the whole table (multiplier coprime with the post count).
  const postAt = (n: number) => 1 + ((n * 104_729) % scale.posts);
  // Likes and comments by anyone go to posts outside the spaces (a members-only space's posts answer 404 to others).
  const hubPostAt = (n: number) => (isSpacePost(postAt(n)) ? postAt(n) - 1 : postAt(n));
  const personAt = (n: number) => 1 + ((n * 7_919) % scale.people);
  const conversations = conversationCount(scale);
  const terms = searchTerms();
  const json = (value: unknown) => JSON.stringify(value);

  const scenario = (key: string, label: string, make: (n: number) => RequestSpec): Scenario => {
    const tick = counter();
    return { key, label, next: () => make(tick()) };
  };
  const feed = (n: number): RequestSpec => ({ method: 'GET', path: '/social/posts/', headers: bearer(viewerAt(n)) });

  return [
    scenario('baseline', 'baseline: GET /social/user-profiles/me/', (n) => ({
      method: 'GET',
      path: '/social/user-profiles/me/',
      headers: bearer(viewerAt(n)),
    })),
    // The floors under every endpoint, for telling the machine's phase from the code: an answer
    // with no work, and one with a single database round trip (`select 1`) and no other work.
    scenario('floor-http', 'floor, HTTP only: GET /healthz', () => ({ method: 'GET', path: '/healthz' })),
    scenario('floor-db', 'floor, one database round trip: GET /readyz', () => ({ method: 'GET', path: '/readyz' })),
    scenario('signin', 'sign-in: POST /api/token/ (argon2id)', (n) => ({
      method: 'POST',
      path: '/api/token/',
      body: json({ email: emailOf(viewerAt(n % 1_000)), password: BENCH_PASSWORD }),
    })),
    scenario('refresh', 'token refresh: POST /api/token/refresh/', (n) => ({
      method: 'POST',
      path: '/api/token/refresh/',
      // Past the pool's end a token is reused: the server answers 401, reported as non-2xx.
      body: json({ refresh: context.refreshPool[n % context.refreshPool.length] }),
    })),
    scenario('feed', 'feed page 1: GET /social/posts/', feed),
    scenario('feed50', 'feed page 50: GET /social/posts/?cursor=', (n) => ({
      method: 'GET',
      path: `/social/posts/?cursor=${encodeURIComponent(context.feedPage50Cursor)}`,
      headers: bearer(viewerAt(n)),
    })),
    scenario('mentors', 'find a mentor: GET /api/mentoring/mentors/?topic= (topic filter)', (n) => ({
      method: 'GET',
      path: `/api/mentoring/mentors/?topic=${encodeURIComponent(MENTOR_TOPICS[n % MENTOR_TOPICS.length] ?? 'React')}`,
      headers: bearer(viewerAt(n)),
    })),
    scenario('user-posts', "a person's posts: GET /social/posts/user-posts/?user_id=", (n) => ({
      method: 'GET',
      path: `/social/posts/user-posts/?user_id=${personAt(n)}`,
      headers: bearer(viewerAt(n)),
    })),
    scenario('search', 'people search: GET /api/search-users/?q=', (n) => ({
      method: 'GET',
      path: `/api/search-users/?q=${encodeURIComponent(terms[n % terms.length] ?? 'amina')}`,
      headers: bearer(viewerAt(n)),
    })),
    scenario(
      'typeahead',
      'type-ahead search: GET /api/search-users/?q= (1-5 characters, digits, e-mail fragments, non-ASCII, punctuation, no match)',
      (n) => ({
        method: 'GET',
        path: `/api/search-users/?q=${encodeURIComponent(TYPEAHEAD_TERMS[n % TYPEAHEAD_TERMS.length] ?? 'a')}`,
        headers: bearer(viewerAt(n)),
      }),
    ),
    scenario(
      'directory',
      'directory page, two filters: GET /api/directory/?<two of company, cohort, skill, location, role, open>',
      (n) => ({
        method: 'GET',
        path: `/api/directory/?${DIRECTORY_FILTER_PAIRS[n % DIRECTORY_FILTER_PAIRS.length] ?? ''}`,
        headers: bearer(viewerAt(n)),
      }),
    ),
    scenario('directory-facets', 'directory facets, two filters: GET /api/directory/facets/?<the same>', (n) => ({
      method: 'GET',
      path: `/api/directory/facets/?${DIRECTORY_FILTER_PAIRS[n % DIRECTORY_FILTER_PAIRS.length] ?? ''}`,
      headers: bearer(viewerAt(n)),
    })),
    ...readScenarios(scenario, (n, path) => ({ method: 'GET', path, headers: bearer(viewerAt(n)) }), personAt),
    scenario('conversations', 'conversation list: GET /social/conversations/', (n) => ({
      method: 'GET',
      path: '/social/conversations/',
      headers: bearer(conversationPair(1 + (n % conversations)).a),
    })),
    scenario('messages', 'message history: GET /social/conversations/{id}/messages/', (n) => {
      const id = 1 + (n % conversations);
      const pair = conversationPair(id);
      return { method: 'GET', path: `/social/conversations/${id}/messages/`, headers: bearer(n % 2 === 0 ? pair.a : pair.b) };
    }),
    ...buildCommunityScenarios(context),
    scenario('like', 'like toggle: POST /social/posts/{id}/like/', (n) => ({
      method: 'POST',
      path: `/social/posts/${hubPostAt(n)}/like/`,
      headers: bearer(viewerAt(n * 7)),
    })),
    scenario('comment', 'comment: POST /social/posts/{id}/comment/', (n) => ({
      method: 'POST',
      path: `/social/posts/${hubPostAt(n)}/comment/`,
      headers: bearer(viewerAt(n * 7)),
      body: json({ text: `Bench comment ${n}` }),
    })),
    scenario('send', 'send message: POST /social/conversations/{id}/send_message/', (n) => {
      const id = 1 + (n % conversations);
      const pair = conversationPair(id);
      return {
        method: 'POST',
        path: `/social/conversations/${id}/send_message/`,
        headers: bearer(Math.floor(n / conversations) % 2 === 0 ? pair.a : pair.b),
        body: json({ content: `Bench message ${n}` }),
      };
    }),
    scenario('admin-users', 'admin users search: GET /users/?q=', (n) => ({
      method: 'GET',
      path: `/users/?q=${encodeURIComponent(terms[n % terms.length] ?? 'amina')}`,
      headers: bearer(ADMIN_ID),
    })),
    scenario('admin-stats', 'admin stats: GET /api/admin/stats/', () => ({
      method: 'GET',
      path: '/api/admin/stats/',
      headers: bearer(ADMIN_ID),
    })),
    scenario('signin-load', 'feed page 1 while 20 sign-ins/s run alongside', feed),
  ];
}
