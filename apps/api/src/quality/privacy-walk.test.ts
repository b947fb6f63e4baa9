// The privacy walk, generated from the routes (DESIGN 7): every GET route whose answer can show
// people (its response schema holds person fields, or it is listed in NON_JSON_PEOPLE_ROUTES) is
// read by a stranger, a one-sided messenger and a connection, each looking at two people who
// appear everywhere a person can (posts, comments, likes, jobs, referral requests, events,
// mentoring, conversations): one keeps every private field to themself, one shows them to
// connections. No hidden value may appear anywhere in any answer. A new people-returning route
// fails here until WALK says how to reach those people on it (or why it shows only the caller).
import { beforeAll, describe, expect, it } from 'vitest';
import { communityMembers, communityModerators } from '../db/schema/index';
import {
  converse,
  createCommunity,
  createEvent,
  createPost,
  useTestApp,
  createUser,
  everyFieldVisibleTo,
  requestsAs,
  type TestUser,
} from '../test/index';
import { ACCESS } from './access-table';
import { listOperations, operationKey, type JsonSchema, type Operation } from './support/openapi';

const t = useTestApp({ rateLimitMultiplier: 1000 });
let operations: Operation[];

/** Property names that make an object in an answer a person. */
const PERSON_FIELDS = ['username', 'email', 'first_name', 'cohort_year'];

/**
 * Routes that show people without person fields to say so: a CSV, and search everything (a
 * person is a hit's title and snippet).
 */
const NON_JSON_PEOPLE_ROUTES = ['GET /api/events/{id}/attendees.csv', 'GET /api/search/'];

/** The walked people (two targets, three viewers) and what each viewer owns. */
type Fixture = {
  secret: TestUser;
  guarded: TestUser;
  /** Per viewer id: their post, referral offer, hosted event, conversation with the targets (if any), mentorship request. */
  own: Map<number, { postId: number; offerId: number; eventId: number; conversationIds: number[]; requestIds: number[] }>;
  targetJobId: number;
  targetRequestIds: Map<number, number[]>;
};
type UrlsOf = (viewer: TestUser, fixture: Fixture) => string[];

const byTargets = (fixture: Fixture, url: (target: TestUser) => string) => [fixture.secret, fixture.guarded].map(url);
const names = (fixture: Fixture) => [fixture.secret, fixture.guarded].map((target) => target.firstName);

/**
 * How to reach the targets on each people-returning GET route: the URLs to read as a viewer, or
 * the reason the route never shows another member to a member.
 */
const WALK: Record<string, UrlsOf | string> = {
  'GET /social/posts/': () => ['/social/posts/'],
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
const WALK_SPACE = 'walk-space';

/** Walked routes whose answers count people without naming them. */
const NAMELESS = ['GET /api/directory/facets/'];

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
function peopleRoutes(): string[] {
  return operations
    .filter((operation) => operation.method === 'GET')
    .map((operation) => ({ key: operationKey(operation), schema: operation.responses.get(200) }))
    .filter(({ key, schema }) => showsPeople(schema) || NON_JSON_PEOPLE_ROUTES.includes(key))
    .filter(({ key }) => ACCESS[key] !== 'admin')
    .map(({ key }) => key)
    .sort();
}

/** Values found nowhere else: a body containing one shows it. */
function career(tag: string, cohortYear: number) {
  return {
    company: `${tag}corp`,
    location: `${tag}borough`,
    skills: `${tag}lang`,
    cohort_year: cohortYear,
    country_code: '+47',
    phone_number: `99${cohortYear}77`,
  };
}
const SECRET = career('Qxzv', 1993);
const GUARDED = career('Jwpy', 1994);

/** Every hidden value of a person: the e-mail, its local part (also as a username would make it), and each private field. */
function hiddenValuesOf(person: TestUser, fields: ReturnType<typeof career>): (string | RegExp)[] {
  const local = person.email.split('@')[0] ?? '';
  return [
    person.email,
    local,
    local.replace(/[^a-z0-9]/g, ''),
    fields.company,
    fields.location,
    fields.skills,
    fields.phone_number,
    new RegExp(`\\b${fields.cohort_year}\\b`),
  ];
}

let fixture: Fixture;
let stranger: TestUser;
let messenger: TestUser;
let connection: TestUser;

const { as, ok } = requestsAs(() => t.app);

beforeAll(async () => {
  operations = await listOperations(t.app);
  // Hidden e-mails whose local parts are not their names, as real ones often are.
  const secret = await createUser(t.db, { role: 'AL', firstName: 'Sigrid', lastName: 'Walker', email: 'hush.private77@corp.example' });
  const guarded = await createUser(t.db, { role: 'AL', firstName: 'Gunnhild', lastName: 'Walkley', email: 'quiet.mail55@corp.example' });
  stranger = await createUser(t.db, { role: 'AL' });
  messenger = await createUser(t.db, { role: 'AL' });
  connection = await createUser(t.db, { role: 'AL' });
  const targets = [secret, guarded];
  const viewers = [stranger, messenger, connection];
  await ok(secret, 'PUT', '/social/user-profiles/update-me/', SECRET);
  await ok(guarded, 'PUT', '/social/user-profiles/update-me/', GUARDED);
  await ok(secret, 'PUT', '/social/settings/privacy/', everyFieldVisibleTo('only_me'));
  await ok(guarded, 'PUT', '/social/settings/privacy/', everyFieldVisibleTo('connections'));

  // The messenger writes to both and gets no answer; the connection and they write to each other.
  const conversations = new Map<number, number[]>([[stranger.id, []]]);
  conversations.set(messenger.id, [
    await converse(t.app, messenger, secret, { reply: false }),
    await converse(t.app, messenger, guarded, { reply: false }),
  ]);
  conversations.set(connection.id, [
    await converse(t.app, connection, secret, { reply: true }),
    await converse(t.app, guarded, connection, { reply: true }),
  ]);

  // The targets mentor, post jobs and referral offers.
  const targetOffers: number[] = [];
  let targetJobId = 0;
  const space = await createCommunity(t.db, { slug: WALK_SPACE, name: 'Walk space' });
  for (const target of targets) {
    await createPost(t.db, { userId: target.id, caption: 'Target post', image: 'posts/t.webp' });
    await createPost(t.db, { userId: target.id, caption: 'Target space post', image: 'posts/t.webp', communityId: space.id });
    await t.db.insert(communityModerators).values({ communityId: space.id, userId: target.id });
    await t.db.insert(communityMembers).values({ communityId: space.id, userId: target.id });
    await ok(target, 'PUT', '/api/mentoring/profile/', { is_mentor: true, topics: ['Careers'], capacity: 3, about: 'Walk with me' });
    const job = await ok(target, 'POST', '/api/jobs/', {
      title: 'Engineer',
      company: 'Acme',
      location: 'Remote',
      salary: '12 LPA',
      type: 'Full-Time',
      description: 'Build things.',
      apply_url: 'https://acme.example.com/jobs/1',
    });
    targetJobId = job.json<{ id: number }>().id;
    const offer = await ok(target, 'POST', '/api/referrals/create/', {
      company: 'Globex',
      role: 'Engineer',
      ctc: 12,
      location: 'Pune',
      requirements: 'React.',
    });
    targetOffers.push(offer.json<{ id: number }>().id);
  }

  // Each viewer posts, offers referrals, hosts an event and asks for mentoring; the targets take part in all of it.
  const own: Fixture['own'] = new Map();
  const targetRequestIds = new Map<number, number[]>();
  for (const viewer of viewers) {
    const post = await createPost(t.db, { userId: viewer.id, caption: 'Walk post', image: 'posts/w.webp' });
    const offer = await ok(viewer, 'POST', '/api/referrals/create/', {
      company: 'Initech',
      role: 'Analyst',
      ctc: 10,
      location: 'Oslo',
      requirements: 'SQL.',
    });
    const offerId = offer.json<{ id: number }>().id;
    const event = await createEvent(t.db, { title: 'Walk meet-up', startsAt: new Date('2031-01-01T10:00:00Z'), createdBy: viewer.id });
    const requestIds: number[] = [];
    for (const target of targets) {
      await ok(target, 'POST', `/social/posts/${post.id}/like/`);
      await ok(target, 'POST', `/social/posts/${post.id}/comment/`, { text: 'Nice walk' });
      const asked = await ok(target, 'POST', `/api/referrals/${offerId}/requests/`, { message: 'Please refer me' });
      requestIds.push(asked.json<{ id: number }>().id);
      await ok(target, 'POST', `/api/events/${event.id}/register/`);
      await ok(target, 'POST', `/api/events/${event.id}/discussion/`, { text: 'See you' });
      await ok(viewer, 'POST', '/api/mentoring/requests/', { mentor_id: target.id, topic: 'Careers', message: 'Could you mentor me?' });
    }
    // The viewer asks for a referral on each target's offer too (the requester reads the request).
    for (const offerIdOfTarget of targetOffers)
      await ok(viewer, 'POST', `/api/referrals/${offerIdOfTarget}/requests/`, { message: 'Me too' });
    targetRequestIds.set(viewer.id, requestIds);
    own.set(viewer.id, { postId: post.id, offerId, eventId: event.id, conversationIds: conversations.get(viewer.id) ?? [], requestIds });
  }
  fixture = { secret, guarded, own, targetJobId, targetRequestIds };
}, 180_000);

describe('privacy walk over every route that shows people', () => {
  it('knows how to reach people on every such route (a new one needs an entry in WALK)', () => {
    const routes = peopleRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((key) => !(key in WALK));
    expect(missing, `GET routes that show people but are not walked: add them to WALK in quality/privacy-walk.test.ts`).toEqual([]);
    const stale = Object.keys(WALK).filter((key) => !routes.includes(key));
    expect(stale, 'WALK entries for routes that no longer show people (or no longer exist)').toEqual([]);
  });

  for (const [role, hidesGuarded] of [
    ['stranger', true],
    ['messenger', true],
    ['connection', false],
  ] as const) {
    it(`shows a ${role} no hidden value anywhere`, async () => {
      const viewer = { stranger, messenger, connection }[role];
      const hidden = [...hiddenValuesOf(fixture.secret, SECRET), ...(hidesGuarded ? hiddenValuesOf(fixture.guarded, GUARDED) : [])];
      const leaks: string[] = [];
      for (const key of peopleRoutes()) {
        const entry = WALK[key];
        if (typeof entry !== 'function') continue;
        for (const url of entry(viewer, fixture)) {
          const response = await as(viewer, 'GET', url);
          expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
          // The walk reaches a target here (else a leak could hide behind an empty answer).
          if (!NAMELESS.includes(key)) expect(response.body, `${url} shows neither target`).toMatch(/Sigrid|Gunnhild/);
          for (const value of hidden) {
            const found = typeof value === 'string' ? response.body.toLowerCase().includes(value.toLowerCase()) : value.test(response.body);
            if (found) leaks.push(`${url} shows ${String(value)}`);
          }
        }
      }
      expect(leaks).toEqual([]);
    });
  }

  it('no search finds a person by a value hidden from the viewer (no oracle)', async () => {
    const found: string[] = [];
    for (const viewer of [stranger, messenger]) {
      const eventId = fixture.own.get(viewer.id)?.eventId;
      for (const [target, fields] of [
        [fixture.secret, SECRET],
        [fixture.guarded, GUARDED],
      ] as const) {
        const local = target.email.split('@')[0] ?? '';
        for (const text of [local, target.email, fields.company, fields.location, fields.skills]) {
          for (const url of [
            `/api/search-users/?q=${encodeURIComponent(text)}`,
            `/users/search-users/?q=${encodeURIComponent(text)}`,
            `/api/mentoring/mentors/?q=${encodeURIComponent(text)}`,
            `/api/directory/?q=${encodeURIComponent(text)}`,
            `/api/events/${eventId}/attendees/?q=${encodeURIComponent(text)}`,
            `/api/search/?q=${encodeURIComponent(text)}`,
            `/api/search/?q=${encodeURIComponent(text)}&type=people`,
          ]) {
            const response = await ok(viewer, 'GET', url);
            if (response.body.includes(target.firstName)) found.push(`${url} finds ${target.firstName}`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('no search finds a person hidden from the viewer (a private profile) by their name or the words of their posts', async () => {
    const hiddenPerson = await createUser(t.db, { role: 'AL', firstName: 'Hedda', lastName: 'Zorvik', email: 'hedda.z@corp.example' });
    await ok(hiddenPerson, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
    await createPost(t.db, { userId: hiddenPerson.id, caption: 'Zorvik fjord photos', image: 'posts/h.webp' });
    const found: string[] = [];
    for (const viewer of [stranger, messenger, connection]) {
      for (const text of ['Hedda', 'Zorvik', 'Hedda Zorvik', 'Zorv', 'fjord']) {
        for (const url of [
          `/api/search/?q=${encodeURIComponent(text)}`,
          `/api/search/?q=${encodeURIComponent(text)}&type=people`,
          `/api/search/?q=${encodeURIComponent(text)}&type=posts`,
          `/api/search-users/?q=${encodeURIComponent(text)}`,
        ]) {
          const body = (await ok(viewer, 'GET', url)).body;
          if (/Hedda|Zorvik|fjord/i.test(body)) found.push(`${url} finds the hidden person`);
        }
      }
    }
    expect(found).toEqual([]);
    // The same searches find them for themselves: the words do match.
    expect((await ok(hiddenPerson, 'GET', '/api/search/?q=Zorvik&type=people')).body).toContain('Hedda');
  });

  it('the walk reaches the targets: a connection sees what they show to connections', async () => {
    const profile = (await ok(connection, 'GET', `/social/profiles/by-id/?user_id=${fixture.guarded.id}`)).body;
    for (const value of [GUARDED.company, GUARDED.location, GUARDED.skills, fixture.guarded.email]) expect(profile).toContain(value);
    const board = (await ok(connection, 'GET', `/api/referrals/${fixture.own.get(connection.id)?.offerId}/requests/`)).body;
    expect(board).toContain(`"cohort_year":${GUARDED.cohort_year}`);
  });

  it('a one-sided messenger cannot filter the directory by a field shown to connections; after the answer, they can', async () => {
    const byCompany = async (viewer: TestUser) =>
      (await ok(viewer, 'GET', `/api/directory/?company=${GUARDED.company}`))
        .json<{ results: { id: number }[] }>()
        .results.map((person) => person.id);
    expect(await byCompany(messenger)).toEqual([]);
    expect(await byCompany(stranger)).toEqual([]);
    expect(await byCompany(connection)).toEqual([fixture.guarded.id]);
    const [conversationId] = fixture.own.get(messenger.id)?.conversationIds.slice(1) ?? [];
    await ok(fixture.guarded, 'POST', `/social/conversations/${conversationId}/send_message/`, { content: 'Hello back' });
    expect(await byCompany(messenger)).toEqual([fixture.guarded.id]);
  });
});
