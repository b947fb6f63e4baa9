import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPersonHeaders, seededDemoApp, type TestApp } from '../test/index';

let t: TestApp;

beforeAll(async () => {
  t = await seededDemoApp(['mentoring']);
});
afterAll(() => t.close());

const headersOf = (email: string) => demoPersonHeaders(t, email);

describe('demo mentoring', () => {
  it('has mentors with topics and mentorships in every state', async () => {
    const admin = await t.app.inject({ url: '/api/admin/mentoring/', headers: await headersOf('admin@example.com') });
    const body = admin.json();
    expect(body.mentor_total).toBeGreaterThanOrEqual(5);
    for (const status of ['pending', 'active', 'completed', 'declined', 'cancelled'])
      expect(body.counts[status], status).toBeGreaterThan(0);
    const mentors = await t.app.inject({
      url: '/api/mentoring/mentors/?topic=career%20growth',
      headers: await headersOf('trainee@example.com'),
    });
    expect(mentors.json().results.length).toBeGreaterThanOrEqual(2);
  });

  it('gives the demo trainee one active mentorship with its conversation', async () => {
    const headers = await headersOf('trainee@example.com');
    const active = (await t.app.inject({ url: '/api/mentoring/requests/?as=mentee&status=active', headers })).json().results;
    expect(active).toHaveLength(1);
    expect(active[0].mentor.email).toBe('alumni@example.com');
    const messages = await t.app.inject({ url: `/social/conversations/${active[0].conversation_id}/messages/`, headers });
    expect(messages.statusCode).toBe(200);
    // Their existing demo conversation, or a new one opened with the first two messages.
    expect(messages.json().results.length).toBeGreaterThanOrEqual(2);
  });
});
