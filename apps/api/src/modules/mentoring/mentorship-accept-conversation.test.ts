import type { ConversationPage, Mentor, MentorPage, MessagePage } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestUser, useSignedInPeople, useTestApp } from '../../test/index';

// What each side sees of a request: the mentor card's `my_request`, and after Accept the
// conversation opened on the request's topic and message, in both people's lists.

const t = useTestApp({ rateLimitMultiplier: 100 });
const { people, auth } = useSignedInPeople(t, {
  mentor: { role: 'AL', firstName: 'Maya', lastName: 'Mentor' },
  mentee: { role: 'TR', firstName: 'Tara', lastName: 'Trainee' },
  stranger: { role: 'IN' },
});

beforeAll(async () => {
  const card = await t.app.inject({
    method: 'PUT',
    url: '/api/mentoring/profile/',
    headers: auth(people.mentor),
    payload: { is_mentor: true, topics: ['Interviews'], capacity: 3 },
  });
  expect(card.statusCode).toBe(200);
});

async function cardOf(viewer: TestUser): Promise<Mentor | undefined> {
  const response = await t.app.inject({ url: '/api/mentoring/mentors/?limit=100', headers: auth(viewer) });
  expect(response.statusCode).toBe(200);
  return response.json<MentorPage>().results.find((item) => item.id === people.mentor.id);
}

const act = (user: TestUser, id: number, action: string) =>
  t.app.inject({ method: 'POST', url: `/api/mentoring/requests/${id}/${action}/`, headers: auth(user) });

describe('a mentorship request seen by each side', () => {
  it('marks the mentor card for the mentee (pending, then active), never for a stranger', async () => {
    expect((await cardOf(people.mentee))?.my_request).toBeNull();
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/mentoring/requests/',
      headers: auth(people.mentee),
      payload: { mentor_id: people.mentor.id, topic: 'Interviews', message: 'I have my first interview next week.' },
    });
    expect(asked.statusCode).toBe(201);
    const id = asked.json<{ id: number }>().id;

    expect((await cardOf(people.mentee))?.my_request).toEqual({ id, status: 'pending' });
    expect((await cardOf(people.stranger))?.my_request).toBeNull();
    const single = await t.app.inject({ url: `/api/mentoring/mentors/${people.mentor.id}/`, headers: auth(people.mentee) });
    expect(single.json<Mentor>().my_request).toEqual({ id, status: 'pending' });

    // The wrong side and a stranger may not accept; nothing is written for them.
    expect((await act(people.mentee, id, 'accept')).statusCode).toBe(403);
    expect((await act(people.stranger, id, 'accept')).statusCode).toBe(404);

    const accepted = await act(people.mentor, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const conversationId = accepted.json<{ conversation_id: number }>().conversation_id;
    expect((await cardOf(people.mentee))?.my_request).toEqual({ id, status: 'active' });

    // The conversation opens on what was asked, written by the mentee, once.
    for (const user of [people.mentor, people.mentee]) {
      const messages = await t.app.inject({ url: `/social/conversations/${conversationId}/messages/`, headers: auth(user) });
      expect(messages.statusCode).toBe(200);
      expect(messages.json<MessagePage>().results).toEqual([
        expect.objectContaining({
          sender_id: people.mentee.id,
          content: 'Mentoring request: Interviews\n\nI have my first interview next week.',
        }),
      ]);
    }
    // Both lists hold it with the other person's name and the last message.
    const mentorList = await t.app.inject({ url: '/social/conversations/', headers: auth(people.mentor) });
    expect(mentorList.json<ConversationPage>().results[0]).toMatchObject({
      id: conversationId,
      other_user: { id: people.mentee.id, first_name: 'Tara' },
      last_message: { sender_id: people.mentee.id },
    });
    const menteeList = await t.app.inject({ url: '/social/conversations/', headers: auth(people.mentee) });
    expect(menteeList.json<ConversationPage>().results[0]).toMatchObject({ id: conversationId, other_user: { id: people.mentor.id } });
    // A stranger's list has nothing of it.
    const strangerList = await t.app.inject({ url: '/social/conversations/', headers: auth(people.stranger) });
    expect(strangerList.json<ConversationPage>().results).toEqual([]);
  });
});
