import { count, eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentorProfiles, mentorships } from '../../db/schema/index';
import { authHeader, createTestApp, createUser, type TestApp } from '../../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
});
afterAll(() => t.close());

describe(`concurrent accepts (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a mentor with one free place who accepts three requests at once ends with exactly one more mentee', async () => {
    const mentor = await createUser(t.db, { role: 'AL' });
    const mentorAuth = await authHeader(t.app, mentor);
    await t.app.inject({
      method: 'PUT',
      url: '/api/mentoring/profile/',
      headers: mentorAuth,
      payload: { is_mentor: true, topics: ['Go'], capacity: 2 },
    });
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const mentee = await createUser(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/mentoring/requests/',
        headers: await authHeader(t.app, mentee),
        payload: { mentor_id: mentor.id, topic: 'Go', message: 'Please' },
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<{ id: number }>().id);
    }
    const [first, ...rest] = ids;
    expect((await t.app.inject({ method: 'POST', url: `/api/mentoring/requests/${first}/accept/`, headers: mentorAuth })).statusCode).toBe(
      200,
    );

    const responses = await Promise.all(
      rest.map((id) => t.app.inject({ method: 'POST', url: `/api/mentoring/requests/${id}/accept/`, headers: mentorAuth })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(['mentor_full', 'mentor_full']);
    const [profile] = await t.db
      .select({ activeCount: mentorProfiles.activeCount })
      .from(mentorProfiles)
      .where(eq(mentorProfiles.userId, mentor.id));
    const [active] = await t.db
      .select({ n: count() })
      .from(mentorships)
      .where(and(eq(mentorships.mentorId, mentor.id), eq(mentorships.status, 'active')));
    expect(profile?.activeCount).toBe(2);
    expect(active?.n).toBe(2);
  });
});
