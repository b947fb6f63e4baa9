import { beforeAll, expect } from 'vitest';
import { authHeader, createUser, useTestApp, type CreateUserOptions, type TestUser } from '../../test/index';

/** The messaging files' app, Alice, Bob (an alumnus) and Carol (made in a beforeAll), and the conversation requests. */
export function useConversations() {
  const t = useTestApp();
  const people = {} as { alice: TestUser; bob: TestUser; carol: TestUser };
  const headers = new Map<number, { authorization: string }>();

  const as = (user: TestUser) => {
    const header = headers.get(user.id);
    if (!header) throw new Error('no header for user');
    return header;
  };
  /** A person made now, signed in. */
  async function newPerson(options: CreateUserOptions = {}) {
    const user = await createUser(t.db, options);
    headers.set(user.id, await authHeader(t.app, user));
    return user;
  }

  beforeAll(async () => {
    people.alice = await newPerson({ firstName: 'Alice', lastName: 'Able', image: 'avatars/alice.webp' });
    people.bob = await newPerson({ firstName: 'Bob', lastName: 'Baker', role: 'AL' });
    people.carol = await newPerson({ firstName: 'Carol', lastName: 'Cole' });
  });

  function start(from: TestUser, userId: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/social/conversations/start_conversation/',
      headers: as(from),
      payload: { user_id: userId },
    });
  }
  function send(from: TestUser, conversationId: number, content: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/social/conversations/${conversationId}/send_message/`,
      headers: as(from),
      payload: { content },
    });
  }
  function listMessages(user: TestUser, conversationId: number, query = '') {
    return t.app.inject({ method: 'GET', url: `/social/conversations/${conversationId}/messages/${query}`, headers: as(user) });
  }
  function listConversations(user: TestUser, query = '') {
    return t.app.inject({ method: 'GET', url: `/social/conversations/${query}`, headers: as(user) });
  }
  async function conversationBetween(a: TestUser, b: TestUser): Promise<number> {
    const response = await start(a, b.id);
    expect([200, 201]).toContain(response.statusCode);
    return response.json<{ id: number }>().id;
  }

  return { t, people, as, newPerson, start, send, listMessages, listConversations, conversationBetween };
}
