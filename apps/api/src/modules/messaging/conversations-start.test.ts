import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationParticipants } from '../../db/schema/index';
import { createUser, type TestUser } from '../../test/index';
import { useConversations } from './messaging.test-helpers';

const { t, people, as, newPerson, start, conversationBetween } = useConversations();

describe('POST /social/conversations/start_conversation/', () => {
  it('creates the conversation (201), then returns the same one to either person (200)', async () => {
    const first = await start(people.alice, people.bob.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(Number),
      other_user: { id: people.bob.id, username: people.bob.username, first_name: 'Bob', last_name: 'Baker', profile_image: null },
      unread_count: 0,
      last_message: null,
      updated_at: expect.any(String),
    });
    const again = await start(people.alice, people.bob.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const fromBob = await start(people.bob, people.alice.id);
    expect(fromBob.statusCode).toBe(200);
    expect(fromBob.json()).toMatchObject({
      id: first.json().id,
      other_user: { id: people.alice.id, profile_image: '/media/avatars/alice.webp' },
    });
  });

  it('makes exactly one conversation when both people start one at the same moment', async () => {
    const [x, y] = [await newPerson(), await newPerson()];
    const responses = await Promise.all([start(x, y.id), start(y, x.id), start(x, y.id), start(y, x.id)]);
    const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    const [id] = [...ids];
    const participants = await t.db
      .select()
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, id ?? 0));
    expect(participants.map((row) => row.userId).sort()).toEqual([x.id, y.id].sort());
  });

  it('refuses a conversation with yourself (400) and unknown or inactive people (404)', async () => {
    const self = await start(people.alice, people.alice.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ user_id: ['You cannot start a conversation with yourself.'] });
    const unknown = await start(people.alice, 999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'User not found.', code: 'not_found' });
    const inactive = await createUser(t.db, { isActive: false });
    expect((await start(people.alice, inactive.id)).statusCode).toBe(404);
    for (const bad of [undefined, 'abc', -1, 0]) {
      const response = await start(people.alice, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty('user_id');
    }
  });

  it('cannot be used to reach a person whose profile is hidden (Private, Only Connections) unless they already talk', async () => {
    const setVisibility = async (person: TestUser, profile_visibility: string) => {
      const saved = await t.app.inject({ method: 'PUT', url: '/social/settings/', headers: as(person), payload: { profile_visibility } });
      expect(saved.statusCode).toBe(200);
    };
    const [hidden, connected, stranger, admin] = [await newPerson(), await newPerson(), await newPerson(), await newPerson({ role: 'AD' })];
    const existing = await conversationBetween(connected, hidden);
    await setVisibility(hidden, 'Only Connections');
    const refused = await start(stranger, hidden.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ detail: 'User not found.', code: 'not_found' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/social/user-profiles/by-id/?user_id=${hidden.id}`, headers: as(stranger) })).statusCode,
    ).toBe(404);
    expect((await start(connected, hidden.id)).json().id).toBe(existing);
    await setVisibility(hidden, 'Private');
    expect((await start(stranger, hidden.id)).statusCode).toBe(404);
    expect((await start(connected, hidden.id)).json().id).toBe(existing);
    expect((await start(admin, hidden.id)).statusCode).toBe(201);
    // The hidden person may still reach out; the stranger then answers in that conversation.
    const fromHidden = await start(hidden, stranger.id);
    expect(fromHidden.statusCode).toBe(201);
    expect((await start(stranger, hidden.id)).json().id).toBe(fromHidden.json().id);
  });

  it('requires authentication', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/social/conversations/start_conversation/',
      payload: { user_id: people.bob.id },
    });
    expect(response.statusCode).toBe(401);
  });
});
