import type { TestUser } from '../../test/index';
import { ACCESS } from '../access-table';
import { operationKey, type JsonSchema, type Operation } from './openapi';

// What the privacy walk (privacy-walk.test.ts) reads: which GET routes show people, and how to reach
// the two walked people on each of them.

/** Property names that make an object in an answer a person. */
const PERSON_FIELDS = ['username', 'email', 'first_name', 'cohort_year'];

/**
 * Routes that show people without person fields to say so: a CSV, and search everything (a
 * person is a hit's title and snippet).
 */
const NON_JSON_PEOPLE_ROUTES = ['GET /api/events/{id}/attendees.csv', 'GET /api/search/'];

/** The walked people (two targets, three viewers) and what each viewer owns. */
export type Fixture = {
  secret: TestUser;
  guarded: TestUser;
  /** Per viewer id: their post, referral offer, hosted event, conversation with the targets (if any), mentorship request. */
  own: Map<number, { postId: number; offerId: number; eventId: number; conversationIds: number[]; requestIds: number[] }>;
  targetJobId: number;
  targetRequestIds: Map<number, number[]>;
};
export type UrlsOf = (viewer: TestUser, fixture: Fixture) => string[];

const byTargets = (fixture: Fixture, url: (target: TestUser) => string) => [fixture.secret, fixture.guarded].map(url);
const names = (fixture: Fixture) => [fixture.secret, fixture.guarded].map((target) => target.firstName);

/**
 * How to reach the targets on each people-returning GET route: the URLs to read as a viewer, or
 * the reason the route never shows another member to a member.
 */
export const WALK: Record<string, UrlsOf | string> = {
  'GET /social/posts/': () => ['/social/posts/', `/social/posts/?tag=${WALK_TAG}`],
  'GET /social/posts/user-posts/': (_, f) => byTargets(f, (target) => `/social/posts/user-posts/?user_id=${target.id}`),
  'GET /social/posts/{id}/comments/': (viewer, f) => [`/social/posts/${f.own.get(viewer.id)?.postId}/comments/`],
  'GET /social/user-profiles/by-id/': (_, f) => byTargets(f, (target) => `/social/user-profiles/by-id/?user_id=${target.id}`),
  'GET /social/profiles/by-id/': (_, f) => byTargets(f, (target) => `/social/profiles/by-id/?user_id=${target.id}`),
  'GET /social/user-profiles/by-username/': (_, f) =>
    byTargets(f, (target) => `/social/user-profiles/by-username/?username=${target.username}`),
  'GET /social/profiles/by-username/': (_, f) => byTargets(f, (target) => `/social/profiles/by-username/?username=${target.username}`),
  'GET /api/search-users/': (_, f) => [...names(f).map((name) => `/api/search-users/?q=${name}`), '/api/search-users/?q=Walk'],
  'GET /users/search-users/': (_, f) => names(f).map((name) => `/users/search-users/?q=${name}`),
  'GET /api/search/': (_, f) => [
    ...names(f).map((name) => `/api/search/?q=${name}`),
    '/api/search/?q=Walk&type=people',
    '/api/search/?q=Walk',
  ],
  'GET /api/directory/': () => ['/api/directory/', '/api/directory/?q=Walk'],
  'GET /api/directory/facets/': () => ['/api/directory/facets/'],
  'GET /api/activity/recent/': () => ['/api/activity/recent/'],
  'GET /api/communities/{slug}/posts/': () => [`/api/communities/${WALK_SPACE}/posts/`],
  'GET /api/communities/{slug}/moderators/': () => [`/api/communities/${WALK_SPACE}/moderators/`],
  'GET /api/communities/{slug}/members/': () => [`/api/communities/${WALK_SPACE}/members/`],
  'GET /social/conversations/': (viewer, f) => (f.own.get(viewer.id)?.conversationIds.length ? ['/social/conversations/'] : []),
  'GET /social/notifications/': () => ['/social/notifications/'],
  'GET /api/jobs/': () => ['/api/jobs/'],
  'GET /api/jobs/{id}/': (_, f) => [`/api/jobs/${f.targetJobId}/`],
  'GET /api/referrals/': () => ['/api/referrals/'],
  'GET /api/referral-user/': 'the caller only (their referral profile)',
  'GET /api/referrals/{id}/requests/': (viewer, f) => [`/api/referrals/${f.own.get(viewer.id)?.offerId}/requests/`],
  'GET /api/referral-requests/{id}/': (viewer, f) => (f.targetRequestIds.get(viewer.id) ?? []).map((id) => `/api/referral-requests/${id}/`),
  'GET /api/mentoring/mentors/': () => ['/api/mentoring/mentors/', '/api/mentoring/mentors/?q=Walk'],
  'GET /api/mentoring/mentors/{id}/': (_, f) => byTargets(f, (target) => `/api/mentoring/mentors/${target.id}/`),
  'GET /api/mentoring/requests/': () => ['/api/mentoring/requests/'],
  'GET /api/events/{id}/discussion/': (viewer, f) => [`/api/events/${f.own.get(viewer.id)?.eventId}/discussion/`],
  'GET /api/events/{id}/going/': (viewer, f) => [`/api/events/${f.own.get(viewer.id)?.eventId}/going/`],
  'GET /api/events/{id}/attendees/': (viewer, f) => [`/api/events/${f.own.get(viewer.id)?.eventId}/attendees/`],
  'GET /api/events/{id}/attendees.csv': (viewer, f) => [`/api/events/${f.own.get(viewer.id)?.eventId}/attendees.csv`],
  'GET /social/user-profiles/me/': 'the caller only',
  'GET /social/profiles/me/': 'the caller only',
  'GET /api/referrals/mine/': "the caller's own offers and the requests on them: walked through GET /api/referrals/{id}/requests/",
  'GET /api/referral-requests/mine/': "the caller's own requests",
  'GET /api/referral-requests/received/':
    "the requests on the caller's own offers, the same rows as GET /api/referrals/{id}/requests/ (walked) for each of them",
  'GET /api/jobs/mine/': "the caller's own jobs",
  'GET /social/settings/notifications/': "the caller's own settings (an `email` channel, no person)",
  'GET /social/settings/privacy/': "the caller's own settings (the `email` field's audience, no person)",
  'GET /api/unsubscribe/': "the token holder's own notification settings",
  'GET /api/invitations/{token}/': "the invitee's own invitation, reached only with its secret token",
};

/** A public space the targets post in and moderate. */
export const WALK_SPACE = 'walk-space';

/** A hashtag on the targets' posts outside the space: the feed's tag page reaches them by it. */
export const WALK_TAG = 'walktag';

/** Walked routes whose answers count people without naming them. */
export const NAMELESS = ['GET /api/directory/facets/'];

/** True when the schema (or anything inside it) is an object with a person field. */
function showsPeople(schema: JsonSchema | null | undefined): boolean {
  if (!schema) return false;
  if (schema.properties && PERSON_FIELDS.some((field) => field in (schema.properties ?? {}))) return true;
  const inner = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return inner.some(showsPeople);
}

/** GET routes a member can call whose answers show people; admin routes show admins everything by design. */
export function peopleRoutes(operations: Operation[]): string[] {
  return operations
    .filter((operation) => operation.method === 'GET')
    .map((operation) => ({ key: operationKey(operation), schema: operation.responses.get(200) }))
    .filter(({ key, schema }) => showsPeople(schema) || NON_JSON_PEOPLE_ROUTES.includes(key))
    .filter(({ key }) => ACCESS[key] !== 'admin')
    .map(({ key }) => key)
    .sort();
}
