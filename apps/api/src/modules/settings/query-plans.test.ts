import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { newMembersQuery, recentPostsQuery } from '../activity/activity.repository';
import { eventMessagesQuery } from '../events/discussion.repository';
import { postPageParams, postPageQuery } from '../posts/post-page.sql';
import { profileForViewerQuery } from '../profiles/profiles.repository';
import { notificationDeliveryStatement } from '../notifications/preferences.repository';
import { personVisibleStatement } from './visibility.repository';

// The settings effects keep the feed and the activity lists one indexed query on large tables.
let t: TestApp;
const viewer = { id: 7, role: 'TR' as const };

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, email_verified_at, created_at)
    select 'plan' || g || '@example.com', 'plan' || g, 'x', 'F' || g, 'L' || g, now(), now() - g * interval '1 minute'
    from generate_series(1, 5000) g`);
  await t.db.execute(sql`
    insert into posts (user_id, caption, image, created_at)
    select id, 'caption ' || id, 'posts/x.webp', now() - id * interval '1 minute' from users`);
  // A tenth of the people changed their settings; a few are private or connections-only.
  await t.db.execute(sql`
    insert into user_settings (user_id, profile_visibility, activity_tracking)
    select id, case id % 3 when 0 then 'Private' when 1 then 'Only Connections' else 'Public' end, id % 2 = 0
    from users where id % 10 = 0`);
  await t.db.execute(sql`
    insert into conversations (user_a_id, user_b_id, both_wrote) select id, id + 1, id % 2 = 0 from users where id < (select max(id) from users)`);
  // Mentorships connect too (settings/visibility.ts connectedSql): one per person, of every status.
  await t.db.execute(sql`
    insert into mentorships (mentor_id, mentee_id, topic, message, status)
    select id, id + 2, 'Careers', 'Hello', (array['pending', 'active', 'declined', 'cancelled', 'completed'])[1 + id % 5]
    from users where id + 2 <= (select max(id) from users)`);
  await t.db.execute(sql`
    insert into events (title, starts_at) values ('Plan', now())`);
  await t.db.execute(sql`
    insert into event_messages (event_id, user_id, text) select (select max(id) from events), id, 'hi' from users`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

describe('query plans with visibility and tracking', () => {
  it('the feed for a non-admin walks posts_feed_idx and probes user_settings by primary key', async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, postPageQuery('feed', 20), {
        placeholders: postPageParams({ viewer }),
        generic,
      });
      expect(plan, `generic=${generic}`).toMatch(/posts_feed_idx/);
      expect(plan, `generic=${generic}`).toMatch(/user_settings_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/conversations_pair_idx/);
      expect(plan, `generic=${generic}`).toMatch(/mentorships_connected_pair_idx/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (posts|users|conversations|user_settings|mentorships)/);
      expect(plan, `generic=${generic}`).not.toMatch(/Sort/);
    }
  });

  it("the prepared visibility checks and a notification actor's e-mail probe users and user_settings by primary key (custom and generic plans)", async () => {
    for (const generic of [false, true]) {
      const person = await explain(t.database, personVisibleStatement, {
        placeholders: { viewerId: viewer.id, seesEveryone: false, personId: 30 },
        generic,
      });
      const email = await explain(t.database, notificationDeliveryStatement, {
        placeholders: { userId: viewer.id, category: 'message', actorId: 30 },
        generic,
      });
      for (const plan of [person, email]) {
        expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
        expect(plan, `generic=${generic}`).toMatch(/user_settings_pkey/);
        expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (users|conversations|user_settings|mentorships)/);
      }
    }
  });

  it("someone's profile with its visibility and fields is one statement on users_pkey and user_settings_pkey", async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, profileForViewerQuery(t.db), { placeholders: { viewerId: viewer.id, personId: 30 }, generic });
      expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/user_settings_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (users|conversations|user_settings|mentorships)/);
    }
  });

  it('recent activity uses posts_feed_idx and users_created_idx', async () => {
    const postsPlan = await explain(t.database, recentPostsQuery(t.db, viewer, 10));
    expect(postsPlan).toMatch(/posts_feed_idx/);
    expect(postsPlan).not.toMatch(/Seq Scan on (posts|users)/);
    const membersPlan = await explain(t.database, newMembersQuery(t.db, viewer, 10));
    expect(membersPlan).toMatch(/users_created_idx/);
    expect(membersPlan).not.toMatch(/Seq Scan on users/);
  });

  it('an event discussion page uses event_messages_event_created_idx', async () => {
    const plan = await explain(t.database, eventMessagesQuery(t.db, { viewer: { id: 7, role: 'TR' }, eventId: 1, take: 21 }));
    expect(plan).toMatch(/event_messages_event_created_idx/);
    expect(plan).not.toMatch(/Seq Scan on event_messages/);
  });
});
