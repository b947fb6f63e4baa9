import { DEFAULT_FIELD_PRIVACY } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTokenFor,
  connect,
  createPost,
  useTestApp,
  createUser,
  everyFieldVisibleTo,
  requestsAs,
  writeEverywhere,
  type TestUser,
} from '../../test/index';
import { everythingSeenAt, meetingPlaces } from '../../test/privacy-walk';
import { openAuthedSocket, type TestSocket } from '../realtime/socket-test-client';

// Per-field privacy (DESIGN 8.4): each of e-mail, phone, company, location, cohort year and
// skills is shown to everyone, connections (both wrote in their conversation, or an accepted mentorship) or only the person. The
// presenters apply it wherever a person appears, admins see everything, and search never
// matches a field the viewer may not see.

const t = useTestApp();
let stranger: TestUser;
let admin: TestUser;
/** Public profile, every private field only_me; has a conversation with the stranger. */
let secretive: TestUser;
/** Public profile, every private field connections. */
let selective: TestUser;
/** Connected to `selective`. */
let friend: TestUser;
let postId: number;
let eventId: number;
let socket: TestSocket;

/** Values found nowhere else, so a body containing one leaks it. */
function careerOf(tag: string) {
  return {
    company: `${tag}corp`,
    location: `${tag}borough`,
    skills: `${tag}lang`,
    cohort_year: 2017,
    country_code: '+44',
    phone_number: `7700 9${tag.length}1234`,
  };
}
const SECRET = careerOf('Zyxq');
const SELECT = careerOf('Wvut');

const { as, ok } = requestsAs(() => t.app);

beforeAll(async () => {
  stranger = await createUser(t.db, { role: 'AL' });
  admin = await createUser(t.db, { role: 'AD' });
  secretive = await createUser(t.db, { role: 'AL', firstName: 'Sigrid', lastName: 'Secret', email: 'sigrid.hush@test.example' });
  selective = await createUser(t.db, { role: 'AL', firstName: 'Selma', lastName: 'Select', email: 'selma.pick@test.example' });
  friend = await createUser(t.db);
  await ok(secretive, 'PUT', '/social/user-profiles/update-me/', SECRET);
  await ok(selective, 'PUT', '/social/user-profiles/update-me/', SELECT);
  await ok(secretive, 'PUT', '/social/settings/privacy/', everyFieldVisibleTo('only_me'));
  await ok(selective, 'PUT', '/social/settings/privacy/', everyFieldVisibleTo('connections'));
  await connect(t.app, selective, friend);
  const places = await meetingPlaces(t.app, stranger);
  postId = places.postId;
  eventId = places.eventId;
  socket = await openAuthedSocket(places.baseUrl, await accessTokenFor(t.app, stranger));

  for (const person of [secretive, selective]) {
    await createPost(t.db, { userId: person.id, caption: 'my own post', image: 'posts/q.webp' });
    await writeEverywhere(ok, person, postId, eventId);
  }
  // The secretive person writes to the stranger and the stranger answers: connected, yet
  // only_me still hides.
  const started = await ok(secretive, 'POST', '/social/conversations/start_conversation/', { user_id: stranger.id });
  await ok(secretive, 'POST', `/social/conversations/${started.json<{ id: number }>().id}/send_message/`, { content: 'Hello' });
  await socket.next('message.created');
  await ok(stranger, 'POST', `/social/conversations/${started.json<{ id: number }>().id}/send_message/`, { content: 'Hi' });
  for (let i = 0; i < 5; i += 1) await socket.next('notification.created');
});
afterAll(async () => {
  await socket?.close();
});

/** Every JSON answer that shows people, as `viewer` sees it, one string per route. */
const everythingSeenBy = (viewer: TestUser) =>
  everythingSeenAt(ok, viewer, [
    '/social/posts/',
    `/social/posts/user-posts/?user_id=${secretive.id}`,
    `/social/posts/user-posts/?user_id=${selective.id}`,
    `/social/posts/${postId}/comments/`,
    `/social/user-profiles/by-id/?user_id=${secretive.id}`,
    `/social/user-profiles/by-id/?user_id=${selective.id}`,
    '/api/jobs/',
    '/api/referrals/',
    `/api/events/${eventId}/discussion/`,
    '/social/notifications/',
    '/api/activity/recent/',
    '/api/search-users/?q=s',
    '/api/search-users/?q=sel',
    '/api/search-users/?q=sig',
  ]);

/** The tell-tale strings of a person's private fields. */
function leaksOf(person: TestUser, fields: ReturnType<typeof careerOf>): string[] {
  return [person.email, fields.company, fields.location, fields.skills, fields.phone_number, `"cohort_year":${fields.cohort_year}`];
}

describe('GET/PUT /social/settings/privacy/', () => {
  it('answers the defaults (phone only_me, the rest everyone), saves any subset and refuses unknown audiences', async () => {
    expect((await ok(friend, 'GET', '/social/settings/privacy/')).json()).toEqual(DEFAULT_FIELD_PRIVACY);
    expect((await ok(friend, 'PUT', '/social/settings/privacy/', { skills: 'connections' })).json()).toEqual({
      ...DEFAULT_FIELD_PRIVACY,
      skills: 'connections',
    });
    const refused = await as(friend, 'PUT', '/social/settings/privacy/', { email: 'friends', phone: 'everyone' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['email']);
    expect((await ok(friend, 'GET', '/social/settings/privacy/')).json()).toEqual({ ...DEFAULT_FIELD_PRIVACY, skills: 'connections' });
    expect((await t.app.inject({ method: 'GET', url: '/social/settings/privacy/' })).statusCode).toBe(401);
  });

  it('hides the phone number from others by default', async () => {
    const owner = await createUser(t.db, { countryCode: '+91', phoneNumber: '98765 43210' });
    const seen = (await ok(stranger, 'GET', `/social/user-profiles/by-id/?user_id=${owner.id}`)).json();
    expect(seen).toMatchObject({ country_code: '', phone_number: '', phone: '' });
    expect((await ok(owner, 'GET', `/social/user-profiles/by-id/?user_id=${owner.id}`)).json().phone).toBe('+91 98765 43210');
  });
});

describe('hidden fields', () => {
  it('never reach someone outside the audience: no route showing people, no socket event', async () => {
    const seen = await everythingSeenBy(stranger);
    // The walk does meet both people (profiles, comments, jobs, notifications, search)...
    for (const url of [
      `/social/posts/${postId}/comments/`,
      '/api/jobs/',
      '/social/notifications/',
      `/social/user-profiles/by-id/?user_id=${secretive.id}`,
    ]) {
      expect(seen[url], url).toContain(`"id":${secretive.id}`);
    }
    expect(seen['/api/search-users/?q=sel'], 'search by name').toContain(`"id":${selective.id}`);
    // ...but never their hidden fields.
    for (const [url, body] of Object.entries(seen)) {
      for (const leak of [...leaksOf(secretive, SECRET), ...leaksOf(selective, SELECT)])
        expect(body, `${url} shows ${leak}`).not.toContain(leak);
    }
    const live = JSON.stringify(socket.events);
    expect(live).toContain(`"id":${secretive.id}`);
    for (const leak of leaksOf(secretive, SECRET)) expect(live).not.toContain(leak);
  });

  it('are never matched by search: a hidden e-mail cannot be found by typing it', async () => {
    for (const q of ['sigrid.hush', 'sigrid.hush@test.example', 'hush@test', 'selma.pick']) {
      const results = (await ok(stranger, 'GET', `/api/search-users/?q=${encodeURIComponent(q)}`)).json<
        { id: number }[] | { results: { id: number }[] }
      >();
      const ids = (Array.isArray(results) ? results : results.results).map((person) => person.id);
      expect(ids, q).not.toContain(secretive.id);
      expect(ids, q).not.toContain(selective.id);
    }
    // The audience can: the friend finds the selective person by e-mail, the admin both.
    const friendFinds = (await ok(friend, 'GET', '/api/search-users/?q=selma.pick')).body;
    expect(friendFinds).toContain(`"id":${selective.id}`);
    const adminFinds = (await ok(admin, 'GET', '/api/search-users/?q=sigrid.hush')).body;
    expect(adminFinds).toContain(`"id":${secretive.id}`);
  });

  it('reach the person, admins, and (connections) the people they are connected with (both wrote)', async () => {
    const adminSees = Object.values(await everythingSeenBy(admin)).join('\n');
    for (const value of [...leaksOf(secretive, SECRET), ...leaksOf(selective, SELECT)]) expect(adminSees).toContain(value);
    const ownSees = Object.values(await everythingSeenBy(secretive)).join('\n');
    for (const value of leaksOf(secretive, SECRET)) expect(ownSees).toContain(value);
    const friendSees = await everythingSeenBy(friend);
    const profile = friendSees[`/social/user-profiles/by-id/?user_id=${selective.id}`];
    for (const value of leaksOf(selective, SELECT)) expect(profile).toContain(value);
    expect(friendSees[`/social/posts/${postId}/comments/`]).toContain(selective.email);
    expect(Object.values(friendSees).join('\n')).not.toContain(secretive.email);
  });
});
