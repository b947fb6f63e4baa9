import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { conversations, messages } from '../../db/schema/index';
import { authHeader, createConversation, createTestApp, createUser, converse, type TestApp, type TestUser } from '../../test/index';

// A connection is mutual (DESIGN 7): conversations.both_wrote is set by the send that answers the
// other person, and migration 0026 set it for the conversations where both had already written.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const bothWrote = async (id: number) =>
  (await t.db.select({ bothWrote: conversations.bothWrote }).from(conversations).where(eq(conversations.id, id)))[0]?.bothWrote;

describe('conversations.both_wrote', () => {
  it('is set by the first answer, not by the starter writing again', async () => {
    const [ann, bo] = [await createUser(t.db), await createUser(t.db)];
    const id = await converse(t.app, ann, bo, { reply: false });
    await converse(t.app, ann, bo, { reply: false });
    expect(await bothWrote(id)).toBe(false);
    await converse(t.app, bo, ann, { reply: false });
    expect(await bothWrote(id)).toBe(true);
  });

  it('migration 0026 backfills it from the messages', async () => {
    const [a, b, c] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const both = await createConversation(t.db, { userAId: a.id, userBId: b.id });
    const one = await createConversation(t.db, { userAId: a.id, userBId: c.id });
    await t.db.insert(messages).values([
      { conversationId: both.id, senderId: a.id, content: 'hi' },
      { conversationId: both.id, senderId: b.id, content: 'hello' },
      { conversationId: one.id, senderId: a.id, content: 'hi' },
      { conversationId: one.id, senderId: a.id, content: 'anyone?' },
    ]);
    const text = readFileSync(path.join(MIGRATIONS_DIR, '0026_mutual_connections_and_usernames.sql'), 'utf8');
    const backfill = text.split('--> statement-breakpoint').find((statement) => statement.trim().startsWith('UPDATE "conversations"'));
    if (!backfill) throw new Error('migration 0026 has no backfill of conversations');
    await t.db.execute(sql.raw(backfill));
    expect(await bothWrote(both.id)).toBe(true);
    expect(await bothWrote(one.id)).toBe(false);
  });
});

describe('a mentorship', () => {
  it('connects mentor and mentee once accepted (through the API), not while pending', async () => {
    const mentor = await createUser(t.db, { role: 'AL', company: 'Mentorcorp' });
    const mentee = await createUser(t.db);
    const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: await authHeader(t.app, user), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response;
    };
    await call(mentor, 'PUT', '/api/mentoring/profile/', { is_mentor: true, topics: ['Careers'], capacity: 2 });
    await call(mentor, 'PUT', '/social/settings/privacy/', { company: 'connections' });
    const company = async () =>
      (await call(mentee, 'GET', `/social/profiles/by-id/?user_id=${mentor.id}`)).json<{ company: string }>().company;
    const asked = await call(mentee, 'POST', '/api/mentoring/requests/', { mentor_id: mentor.id, topic: 'Careers', message: 'Please?' });
    expect(await company()).toBe('');
    await call(mentor, 'POST', `/api/mentoring/requests/${asked.json<{ id: number }>().id}/accept/`);
    expect(await company()).toBe('Mentorcorp');
  });
});
