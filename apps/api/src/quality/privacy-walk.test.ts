// The privacy walk, generated from the routes (DESIGN 7): every GET route whose answer can show
// people (its response schema holds person fields, or it is listed in NON_JSON_PEOPLE_ROUTES) is
// read by a stranger, a one-sided messenger and a connection, each looking at two people who
// appear everywhere a person can (posts, comments, likes, jobs, referral requests, events,
// mentoring, conversations): one keeps every private field to themself, one shows them to
// connections. No hidden value may appear anywhere in any answer. A new people-returning route
// fails here until WALK says how to reach those people on it (or why it shows only the caller).
import { beforeAll, describe, expect, it } from 'vitest';
import { communityMembers, communityModerators, postTags } from '../db/schema/index';
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
import { listOperations, type Operation } from './support/openapi';
import { NAMELESS, peopleRoutes, WALK, WALK_SPACE, WALK_TAG, type Fixture } from './support/privacy-walk-routes';

const t = useTestApp({ rateLimitMultiplier: 1000 });
let operations: Operation[];

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
    const post = await createPost(t.db, { userId: target.id, caption: `Target post #${WALK_TAG}`, image: 'posts/t.webp' });
    await t.db.insert(postTags).values({ postId: post.id, tag: WALK_TAG, createdAt: post.createdAt });
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
    const routes = peopleRoutes(operations);
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
      for (const key of peopleRoutes(operations)) {
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
