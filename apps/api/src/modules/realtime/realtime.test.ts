import { LIMITS, REALTIME_UNAUTHORIZED_CLOSE_CODE } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { accessTokenFor, authHeader, createPost, useTestApp, createUser, type TestUser, listenOnLoopback } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';
import { openAuthedSocket, openSocket, type TestSocket } from './socket-test-client';

const t = useTestApp();
let baseUrl: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  baseUrl = await listenOnLoopback(t.app);
});
afterAll(async () => {
  await Promise.all(sockets.map((socket) => socket.close()));
});

async function connect(user: TestUser): Promise<TestSocket> {
  const socket = await openAuthedSocket(baseUrl, await accessTokenFor(t.app, user));
  sockets.push(socket);
  return socket;
}
async function rawSocket(): Promise<TestSocket> {
  const socket = await openSocket(baseUrl);
  sockets.push(socket);
  return socket;
}
async function inject(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: await authHeader(t.app, user), ...(payload === undefined ? {} : { payload }) });
}
async function conversationOf(a: TestUser, b: TestUser): Promise<number> {
  return (await inject(a, 'POST', '/social/conversations/start_conversation/', { user_id: b.id })).json<{ id: number }>().id;
}
async function until(condition: () => Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('socket authentication', () => {
  it('accepts a valid token in the first frame and answers auth.ok', async () => {
    const user = await createUser(t.db);
    const socket = await connect(user);
    expect(socket.events[0]).toEqual({ type: 'auth.ok', data: { user_id: user.id } });
  });

  it('closes with 4401 for a bad token, a first frame that is not auth, or malformed JSON', async () => {
    const inactive = await createUser(t.db, { isActive: false });
    const frames: unknown[] = [
      { type: 'auth', token: 'not-a-jwt' },
      { type: 'auth', token: await accessTokenFor(t.app, inactive) },
      { type: 'conversation.focus', conversation_id: 1 },
    ];
    for (const frame of frames) {
      const socket = await rawSocket();
      socket.send(frame);
      expect(await socket.closed).toEqual({ code: REALTIME_UNAUTHORIZED_CLOSE_CODE, reason: 'unauthorized' });
      expect(socket.events).toEqual([]);
    }
    const garbage = await rawSocket();
    garbage.ws.send('{not json');
    expect((await garbage.closed).code).toBe(REALTIME_UNAUTHORIZED_CLOSE_CODE);
  });

  it('closes with 4401 when no auth frame arrives within 5 seconds', async () => {
    const socket = await rawSocket();
    const opened = Date.now();
    expect((await socket.closed).code).toBe(REALTIME_UNAUTHORIZED_CLOSE_CODE);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(4_500);
  });

  it('closes with 4401 when the token expires', async () => {
    const user = await createUser(t.db);
    // Issued so that it expires about two seconds from now.
    const token = await accessTokenFor(t.app, user, new Date(Date.now() - LIMITS.accessTokenMinutes * 60_000 + 2_000));
    const socket = await openAuthedSocket(baseUrl, token);
    sockets.push(socket);
    expect(await socket.closed).toEqual({ code: REALTIME_UNAUTHORIZED_CLOSE_CODE, reason: 'unauthorized' });
  });
});

describe('messaging events', () => {
  it('sends message.created and conversation.updated to both people, a notification to the recipient, nothing to others', async () => {
    const [alice, bob, eve] = [
      await createUser(t.db, { firstName: 'Alice', lastName: 'A' }),
      await createUser(t.db),
      await createUser(t.db),
    ];
    const id = await conversationOf(alice, bob);
    const [aliceSocket, bobSocket, eveSocket] = [await connect(alice), await connect(bob), await connect(eve)];

    const sent = await inject(alice, 'POST', `/social/conversations/${id}/send_message/`, { content: 'Hello Bob' });
    expect(sent.statusCode).toBe(201);
    expect((await bobSocket.next('message.created')).data).toEqual(sent.json());
    expect((await aliceSocket.next('message.created')).data).toEqual(sent.json());
    const lastMessage = { content: 'Hello Bob', timestamp: sent.json().timestamp, sender_id: alice.id };
    expect((await bobSocket.next('conversation.updated')).data).toEqual({
      conversation_id: id,
      unread_count: 1,
      last_message: lastMessage,
    });
    expect((await aliceSocket.next('conversation.updated')).data).toEqual({
      conversation_id: id,
      unread_count: 0,
      last_message: lastMessage,
    });
    const notification = await bobSocket.next('notification.created');
    expect(notification.data).toMatchObject({
      type: 'message',
      conversation_id: id,
      text: 'Alice A sent you a message.',
      actor: { id: alice.id },
    });

    // Bob opens the conversation: his other sockets learn it is read.
    await inject(bob, 'GET', `/social/conversations/${id}/messages/`);
    expect((await bobSocket.next('conversation.updated', (event) => event.data.unread_count === 0)).data.conversation_id).toBe(id);

    expect(aliceSocket.events.some((event) => event.type === 'notification.created')).toBe(false);
    expect(eveSocket.events.map((event) => event.type)).toEqual(['auth.ok']);
  });

  it('does not notify a recipient whose socket is looking at the conversation, and does again after blur', async () => {
    const [alice, bob] = [await createUser(t.db), await createUser(t.db)];
    const id = await conversationOf(alice, bob);
    const bobSocket = await connect(bob);
    const hub = t.app.realtime;

    bobSocket.send({ type: 'conversation.focus', conversation_id: id });
    await until(() => hub.isViewing(bob.id, id));
    await inject(alice, 'POST', `/social/conversations/${id}/send_message/`, { content: 'You see this live' });
    await bobSocket.next('message.created');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, bob.id))).toEqual([]);

    bobSocket.send({ type: 'conversation.blur' });
    await until(async () => !(await hub.isViewing(bob.id, id)));
    await inject(alice, 'POST', `/social/conversations/${id}/send_message/`, { content: 'Now you are away' });
    await bobSocket.next('notification.created');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, bob.id))).toHaveLength(1);
    expect(bobSocket.events.filter((event) => event.type === 'notification.created')).toHaveLength(1);
  });

  it('pushes notification.created for a like', async () => {
    const [author, fan] = [await createUser(t.db), await createUser(t.db, { firstName: 'Fay', lastName: 'Fan' })];
    const post = await createPost(t.db, { userId: author.id, caption: 'c', image: 'posts/x.webp' });
    const authorSocket = await connect(author);
    await inject(fan, 'POST', `/social/posts/${post?.id}/like/`);
    expect((await authorSocket.next('notification.created')).data).toMatchObject({
      type: 'post_liked',
      post_id: post?.id,
      text: 'Fay Fan liked your post.',
    });
  });
});

describe('post broadcasts', () => {
  it('sends post.created and post.deleted to everyone connected', async () => {
    const [author, reader] = [await createUser(t.db), await createUser(t.db)];
    const [authorSocket, readerSocket] = [await connect(author), await connect(reader)];
    const body = multipartBody({ caption: 'Live post' }, [imageFile(await sampleImage(200, 100, 'png'))]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/social/posts/',
      payload: body.payload,
      headers: { ...(await authHeader(t.app, author)), ...body.headers },
    });
    expect(created.statusCode).toBe(201);
    const postId = created.json<{ id: number }>().id;
    expect((await readerSocket.next('post.created', (event) => event.data.post_id === postId)).data).toEqual({ post_id: postId });

    expect((await inject(author, 'DELETE', `/social/posts/${postId}/`)).statusCode).toBe(204);
    expect((await readerSocket.next('post.deleted')).data).toEqual({ post_id: postId });
    expect((await authorSocket.next('post.deleted')).data).toEqual({ post_id: postId });
  });
});
