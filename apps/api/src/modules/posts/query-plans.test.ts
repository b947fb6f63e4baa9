import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { emailParams, insertUnlessUnreadSql } from '../notifications/notifications.repository';
import { postWriteStatements } from './posts-writes.sql';

// Proves the like toggle and the comment (prepared statements) touch one post, one like row and
// one person by index on large tables (5,000 people, posts, likes, comments and notifications, analysed).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'plain' });
  await t.db.execute(sql`
    insert into posts (user_id, caption, image, created_at)
    select id, 'caption ' || id, 'posts/x.webp', now() - id * interval '1 minute' from users`);
  await t.db.execute(
    sql`insert into post_likes (post_id, user_id) select p.id, u.id from posts p join users u on u.id % 50 = p.id % 50 where p.id <= 500`,
  );
  await t.db.execute(sql`insert into comments (post_id, user_id, text) select id, user_id, 'nice' from posts`);
  // Every person's choices for likes and comments.
  await t.db.execute(sql`
    insert into notification_preferences (user_id, category, in_app, email)
    select id, category, true, 'daily' from users, unnest(array['like', 'comment']) category`);
  // Ten unread like notifications per person.
  await t.db.execute(sql`
    insert into notifications (user_id, type, actor_id, post_id, text)
    select p.user_id, 'post_liked', 1 + (p.id * 7 + r) % 5000, p.id, 'liked' from posts p, generate_series(1, 10) r`);
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

// A person who is not an admin: the statements check that the post's author is visible to them.
const params = { postId: 1234, userId: 77, seesEveryone: false, text: 'Nice', at: new Date().toISOString() };
const HOT_SCANS = /Seq Scan on (posts|post_likes|comments|users|notifications|notification_preferences)\b/;

describe('like and comment query plans on large tables', () => {
  it("the like toggle reads and writes by primary keys, the author's delivery too (custom and generic plans)", async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, postWriteStatements.likeToggle, { placeholders: params, generic });
      expect(plan, `generic=${generic}`).toMatch(/posts_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/notifications_unread_post_idx/);
      expect(plan, `generic=${generic}`).toMatch(/notification_preferences_user_id_category_pk/);
      expect(plan, `generic=${generic}`).toMatch(/post_likes_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(HOT_SCANS);
    }
  });

  it("a comment locks its post by primary key and reads the author's delivery by primary keys (custom and generic plans)", async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, postWriteStatements.comment, { placeholders: params, generic });
      expect(plan, `generic=${generic}`).toMatch(/posts_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/notification_preferences_user_id_category_pk/);
      expect(plan, `generic=${generic}`).toMatch(/users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(HOT_SCANS);
    }
  });

  // One index probe by recipient, post and actor, however many unread notifications the recipient has.
  it('the like notification looks for an unread one of the same post and actor by index (custom and generic plans)', async () => {
    for (const generic of [false, true]) {
      const plan = await explain(t.database, insertUnlessUnreadSql, {
        placeholders: { userId: 1234, type: 'post_liked', actorId: 77, postId: 1234, text: 'liked', ...emailParams(null) },
        generic,
      });
      expect(plan, `generic=${generic}`).toMatch(/notifications_unread_post_idx/);
      expect(plan, `generic=${generic}`).toMatch(/Index Cond: \(\(user_id = .*\) AND \(post_id = .*\) AND \(actor_id = .*\)\)/);
      expect(plan, `generic=${generic}`).not.toMatch(HOT_SCANS);
    }
  });
});
