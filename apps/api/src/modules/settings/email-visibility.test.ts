import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, connect, useTestApp, createUser, requestsAs, writeEverywhere, type TestUser } from '../../test/index';
import { everythingSeenAt, meetingPlaces } from '../../test/privacy-walk';
import { openAuthedSocket, type TestSocket } from '../realtime/socket-test-client';

// A person summary carries the e-mail only for viewers who may see that person (profile
// visibility): the person, admins, everyone for Public, connections for Only Connections.
// Everyone else gets '' wherever the person appears (comments, jobs, referrals, discussion,
// notifications, messages, sockets).

const t = useTestApp();
let stranger: TestUser;
let admin: TestUser;
/** Private. */
let hidden: TestUser;
/** Only Connections; not connected to the stranger. */
let reserved: TestUser;
/** Connected to `reserved`. */
let friend: TestUser;
let strangerPostId: number;
let eventId: number;
let socket: TestSocket;

const { ok } = requestsAs(() => t.app);

beforeAll(async () => {
  stranger = await createUser(t.db, { role: 'AL' });
  admin = await createUser(t.db, { role: 'AD' });
  hidden = await createUser(t.db, { role: 'AL', firstName: '', lastName: '' });
  reserved = await createUser(t.db, { role: 'AL', firstName: '', lastName: '' });
  friend = await createUser(t.db);
  await ok(hidden, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
  await ok(reserved, 'PUT', '/social/settings/', { profile_visibility: 'Only Connections' });
  await connect(t.app, reserved, friend);
  const places = await meetingPlaces(t.app, stranger);
  strangerPostId = places.postId;
  eventId = places.eventId;
  socket = await openAuthedSocket(places.baseUrl, await accessTokenFor(t.app, stranger));

  for (const person of [hidden, reserved]) {
    await writeEverywhere(ok, person, strangerPostId, eventId);
  }
  // A Private person may still write to a Public one; the conversation does not reveal them.
  const started = await ok(hidden, 'POST', '/social/conversations/start_conversation/', { user_id: stranger.id });
  await ok(hidden, 'POST', `/social/conversations/${started.json<{ id: number }>().id}/send_message/`, { content: 'Hello' });
  await socket.next('message.created');
  await socket.next('event.message', (event) => event.data.message.user.id === hidden.id);
  await socket.next('event.message', (event) => event.data.message.user.id === reserved.id);
  for (let i = 0; i < 5; i += 1) await socket.next('notification.created');
});
afterAll(async () => {
  await socket?.close();
});

/** Every JSON answer that lists people, as `viewer` sees it, one string per route. */
const everythingSeenBy = (viewer: TestUser) =>
  everythingSeenAt(ok, viewer, [
    '/social/posts/',
    `/social/posts/user-posts/?user_id=${stranger.id}`,
    `/social/posts/${strangerPostId}/comments/`,
    '/api/jobs/',
    '/api/referrals/',
    `/api/events/${eventId}/discussion/`,
    '/social/notifications/',
    '/api/activity/recent/',
    `/api/search-users/?q=user`,
  ]);

describe('hidden e-mails', () => {
  it('never reach a stranger: not in any route listing people, nor in socket events', async () => {
    const seen = await everythingSeenBy(stranger);
    // The walk does meet both people (their comments, jobs, referrals, messages, notifications)...
    for (const url of [
      `/social/posts/${strangerPostId}/comments/`,
      '/api/jobs/',
      '/api/referrals/',
      `/api/events/${eventId}/discussion/`,
      '/social/notifications/',
    ]) {
      expect(seen[url], url).toContain(`"id":${hidden.id}`);
      expect(seen[url], url).toContain(`"id":${reserved.id}`);
    }
    expect(seen['/social/conversations/']).toContain(`"id":${hidden.id}`);
    // ...but never their e-mail.
    for (const [url, body] of Object.entries(seen)) {
      expect(body, url).not.toContain(hidden.email);
      expect(body, url).not.toContain(reserved.email);
    }
    const live = JSON.stringify(socket.events);
    expect(live).toContain(`"id":${hidden.id}`);
    expect(live).not.toContain(hidden.email);
    expect(live).not.toContain(reserved.email);
  });

  it("sends the hidden e-mail as '' (names fall back to 'Anonymous')", async () => {
    const comments = (await ok(stranger, 'GET', `/social/posts/${strangerPostId}/comments/`)).json<{
      results: { user: { id: number; email: string } }[];
    }>();
    const byHidden = comments.results.find((comment) => comment.user.id === hidden.id);
    expect(byHidden?.user.email).toBe('');
    const notifications = (await ok(stranger, 'GET', '/social/notifications/')).json<{
      results: { actor: { id: number } | null; text: string }[];
    }>();
    const liked = notifications.results
      .filter((notification) => notification.actor?.id === hidden.id)
      .map((notification) => notification.text);
    expect(liked).toContain('Anonymous liked your post.');
  });

  it('reach the person, admins and (Only Connections) connections', async () => {
    const adminSees = Object.values(await everythingSeenBy(admin)).join('\n');
    expect(adminSees).toContain(hidden.email);
    expect(adminSees).toContain(reserved.email);
    expect(Object.values(await everythingSeenBy(hidden)).join('\n')).toContain(hidden.email);
    const friendSees = await everythingSeenBy(friend);
    expect(friendSees[`/social/posts/${strangerPostId}/comments/`]).toContain(reserved.email);
    expect(friendSees[`/social/posts/${strangerPostId}/comments/`]).not.toContain(hidden.email);
  });
});
