import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mentorProfiles, notifications } from '../../db/schema/index';
import { useSignedInPeople, useTestApp, type TestUser } from '../../test/index';

/** The mentorship files' app, an admin and a stranger (made in a beforeAll), and the requests people make. */
export function useMentorships() {
  const t = useTestApp({ rateLimitMultiplier: 100 });
  const { people, auth, signedIn } = useSignedInPeople(t, { admin: { role: 'AD' }, stranger: { role: 'IN' } });
  const person = (role: 'AL' | 'TR' | 'IN' = 'TR', firstName = 'Test') => signedIn({ role, firstName });

  async function mentor(capacity = 2, topics = ['React']) {
    const user = await person('AL', 'Mentor');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/mentoring/profile/',
      headers: auth(user),
      payload: { is_mentor: true, topics, capacity },
    });
    expect(response.statusCode).toBe(200);
    return user;
  }

  const ask = (mentee: TestUser, mentorId: number, overrides: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mentoring/requests/',
      headers: auth(mentee),
      payload: { mentor_id: mentorId, topic: 'React', message: 'Could you help me?', ...overrides },
    });

  async function request(mentee: TestUser, mentorUser: TestUser): Promise<number> {
    const response = await ask(mentee, mentorUser.id);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  }

  const act = (user: TestUser, id: number, action: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/mentoring/requests/${id}/${action}/`, headers: auth(user), ...(payload ? { payload } : {}) });

  const activeCount = async (user: TestUser) =>
    (await t.db.select({ n: mentorProfiles.activeCount }).from(mentorProfiles).where(eq(mentorProfiles.userId, user.id)))[0]?.n;

  const notificationsOf = (user: TestUser) => t.db.select().from(notifications).where(eq(notifications.userId, user.id));

  return { t, people, auth, person, mentor, ask, request, act, activeCount, notificationsOf };
}
