import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { conversationsParams, conversationsQuery, messagesParams, messagesQuery, participationQuery } from './messaging.repository';
import { sendStatement } from './message-send.sql';

// Proves the conversation list, the participation check and the message history (prepared
// statements) are served by their indexes on large tables (5,000 people, a busy person in 5,000
// conversations, one of them 5,000 messages long; analysed), as custom and as generic plans.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'plain' });
  await t.db.execute(sql`
    insert into conversations (user_a_id, user_b_id, created_at, updated_at)
    select 1, g, now(), now() from generate_series(2, 5000) g`);
  await t.db.execute(sql`
    insert into conversation_participants (conversation_id, user_id, other_user_id, activity_at)
    select id, user_a_id, user_b_id, now() - id * interval '1 minute' from conversations
    union all select id, user_b_id, user_a_id, now() - id * interval '1 minute' from conversations`);
  await t.db.execute(sql`
    insert into messages (conversation_id, sender_id, content, created_at)
    select c.id, c.user_a_id, 'hello', now() - r * interval '1 minute' from conversations c, generate_series(1, 10) r
    union all select 1, 1, 'hello again', now() - r * interval '1 second' from generate_series(1, 5000) r`);
  // The busy person has an unread message notification of every conversation.
  await t.db.execute(sql`
    insert into notifications (user_id, type, actor_id, conversation_id, text)
    select 1, 'message', user_b_id, id, 'sent you a message' from conversations`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

const HOT_SCANS = /Seq Scan on (messages|users|conversations|conversation_participants|notifications)\b/;
const later = { at: new Date(Date.now() - 60 * 60_000), id: 2500 };

describe('messaging query plans on large tables', () => {
  it('the conversation list walks conversation_participants_list_idx (first page and after a cursor)', async () => {
    for (const before of [undefined, later]) {
      for (const generic of [false, true]) {
        const plan = await explain(t.database, conversationsQuery(t.db, { one: false }), {
          placeholders: conversationsParams({ userId: 1, before, take: 21 }),
          generic,
        });
        const what = `before=${before !== undefined} generic=${generic}`;
        expect(plan, what).toMatch(/conversation_participants_list_idx/);
        expect(plan, what).toMatch(/users_pkey/);
        expect(plan, what).not.toMatch(HOT_SCANS);
        expect(plan, what).not.toMatch(/Sort/);
      }
    }
  });

  it("the participation check reads one row by primary keys (the busy person's too)", async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, participationQuery(t.db), { placeholders: { conversationId: 1234, userId: 1 }, generic });
      expect(plan, `generic=${generic}`).toMatch(/conversation_participants_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/conversations_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(HOT_SCANS);
    }
  });

  it('the message history walks messages_conversation_created_idx (first page and after a cursor)', async () => {
    for (const before of [undefined, later]) {
      for (const generic of [false, true]) {
        const plan = await explain(t.database, messagesQuery(t.db), {
          placeholders: messagesParams({ conversationId: 1, before, take: 21 }),
          generic,
        });
        const what = `before=${before !== undefined} generic=${generic}`;
        expect(plan, what).toMatch(/messages_conversation_created_idx/);
        expect(plan, what).not.toMatch(HOT_SCANS);
        expect(plan, what).not.toMatch(/Sort/);
      }
    }
  });

  it("a send finds the recipient's unread notification of the conversation by notifications_unread_conversation_idx", async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, sendStatement, {
        placeholders: { conversationId: 1234, senderId: 1235, content: 'hi', at: new Date().toISOString() },
        generic,
      });
      expect(plan, `generic=${generic}`).toMatch(/notifications_unread_conversation_idx/);
      expect(plan, `generic=${generic}`).toMatch(/conversation_participants_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(HOT_SCANS);
    }
  });
});
