import { expect } from 'vitest';
import { useSignedInPeople, useTestApp, type TestUser } from '../../test/index';

/** The messaging files' app, Alice, Bob (an alumnus) and Carol (made in a beforeAll), and the conversation requests. */
export function useConversations() {
  const t = useTestApp();
  const { people, auth, signedIn } = useSignedInPeople(t, {
    alice: { firstName: 'Alice', lastName: 'Able', image: 'avatars/alice.webp' },
    bob: { firstName: 'Bob', lastName: 'Baker', role: 'AL' },
    carol: { firstName: 'Carol', lastName: 'Cole' },
  });

  function start(from: TestUser, userId: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/social/conversations/start_conversation/',
      headers: auth(from),
      payload: { user_id: userId },
    });
  }
  function send(from: TestUser, conversationId: number, content: unknown) {
    return t.app.inject({
      method: 'POST',
      url: `/social/conversations/${conversationId}/send_message/`,
      headers: auth(from),
      payload: { content },
    });
  }
  function listMessages(user: TestUser, conversationId: number, query = '') {
    return t.app.inject({ method: 'GET', url: `/social/conversations/${conversationId}/messages/${query}`, headers: auth(user) });
  }
  function listConversations(user: TestUser, query = '') {
    return t.app.inject({ method: 'GET', url: `/social/conversations/${query}`, headers: auth(user) });
  }
  async function conversationBetween(a: TestUser, b: TestUser): Promise<number> {
    const response = await start(a, b.id);
    expect([200, 201]).toContain(response.statusCode);
    return response.json<{ id: number }>().id;
  }

  return { t, people, as: auth, newPerson: signedIn, start, send, listMessages, listConversations, conversationBetween };
}
