import type { App } from '../app';
import type { requestsAs } from './requests';
import { createEvent, createPost, type TestUser } from './factories';
import { listenOnLoopback } from './second-instance';

type Ok = ReturnType<typeof requestsAs>['ok'];

/**
 * Where a privacy walk's people leave their names: the app listening on a free port (for sockets),
 * a public post by `poster` and an event.
 */
export async function meetingPlaces(app: App, poster: TestUser): Promise<{ baseUrl: string; postId: number; eventId: number }> {
  const baseUrl = await listenOnLoopback(app);
  const post = await createPost(app.db, { userId: poster.id, caption: 'public post', image: 'posts/p.webp' });
  const event = await createEvent(app.db, { title: 'Meet-up', startsAt: new Date('2031-01-01T10:00:00Z') });
  return { baseUrl, postId: post.id, eventId: event.id };
}

/**
 * Every JSON answer in `urls`, as `viewer` sees it, one string per route, with the viewer's
 * conversation list and the messages of each of their conversations.
 */
export async function everythingSeenAt(ok: Ok, viewer: TestUser, urls: string[]): Promise<Record<string, string>> {
  const conversations = (await ok(viewer, 'GET', '/social/conversations/')).json<{ results: { id: number }[] }>();
  const seen: Record<string, string> = { '/social/conversations/': JSON.stringify(conversations) };
  const messages = conversations.results.map((conversation) => `/social/conversations/${conversation.id}/messages/`);
  for (const url of [...urls, ...messages]) seen[url] = (await ok(viewer, 'GET', url)).body;
  return seen;
}
