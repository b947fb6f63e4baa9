import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/index';
import { commentsQuery, postsQuery } from '../posts/posts.repository';
import { searchPeopleQuery } from './search.repository';

// Proves the list queries are served by their indexes once tables are large (5,000 rows, analysed).
let t: TestApp;
let md5Prefix = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, email_verified_at)
    select 'bulk' || g || '@example.com', 'bulk' || g, 'x', substr(md5('f' || g), 1, 10), substr(md5('l' || g), 1, 10), now()
    from generate_series(1, 5000) g`);
  await t.db.execute(sql`
    insert into posts (user_id, caption, image, created_at)
    select id, 'caption ' || id, 'posts/x.webp', now() - id * interval '1 minute' from users`);
  await t.db.execute(sql`insert into post_likes (post_id, user_id) select id, user_id from posts`);
  await t.db.execute(sql`insert into comments (post_id, user_id, text) select id, user_id, 'nice' from posts`);
  await t.db.execute(sql`update posts set likes_count = 1, comments_count = 1`);
  // VACUUM fills in the GIN statistics the planner costs trigram scans with (autovacuum does so in production).
  await t.db.execute(sql`vacuum analyze`);
  const { rows } = await t.db.execute<{ name: string }>(sql`select substr(md5('f' || 1234), 2, 6) as name`);
  md5Prefix = rows[0]?.name ?? '';
}, 120_000);
afterAll(() => t.close());

async function explain(connection: DatabaseConnection, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const driver = connection.driver;
  const rows =
    driver.kind === 'pglite'
      ? (await driver.client.query<Record<string, string>>(`explain ${text}`, params)).rows
      : (await driver.pool.query<Record<string, string>>(`explain ${text}`, params)).rows;
  return rows.map((row) => Object.values(row).join(' ')).join('\n');
}

describe('query plans on large tables', () => {
  it('people search uses the trigram indexes, never a sequential scan of users', async () => {
    // Varied names (like real ones): a few characters of one person's name are selective.
    const plan = await explain(t.database, searchPeopleQuery(t.db, md5Prefix));
    expect(plan).toMatch(/users_first_name_trgm/);
    expect(plan).toMatch(/users_last_name_trgm/);
    expect(plan).toMatch(/users_email_trgm/);
    expect(plan).not.toMatch(/Seq Scan on users/);
    const byId = await explain(t.database, searchPeopleQuery(t.db, '4242'));
    expect(byId).not.toMatch(/Seq Scan on users/);
  });

  it('the feed walks posts_feed_idx (first page and after a cursor) with the like check on the primary key', async () => {
    const first = await explain(t.database, postsQuery(t.db, { viewerId: 7, take: 21 }));
    expect(first).toMatch(/posts_feed_idx/);
    // PostgreSQL may turn the EXISTS into a hashed subplan over the viewer's likes; either way, by index.
    expect(first).toMatch(/post_likes_(pkey|user_idx)/);
    expect(first).not.toMatch(/Seq Scan on posts/);
    expect(first).not.toMatch(/Seq Scan on post_likes/);
    expect(first).not.toMatch(/Sort/);
    const later = await explain(t.database, postsQuery(t.db, { viewerId: 7, take: 21, before: { at: new Date(Date.now() - 60 * 60_000), id: 60 } }));
    expect(later).toMatch(/posts_feed_idx/);
    expect(later).not.toMatch(/Seq Scan on posts/);
  });

  it("one person's posts use posts_user_created_idx and comments use comments_post_created_idx", async () => {
    const userPosts = await explain(t.database, postsQuery(t.db, { viewerId: 7, authorId: 42, take: 21 }));
    expect(userPosts).toMatch(/posts_user_created_idx/);
    expect(userPosts).not.toMatch(/Seq Scan on posts/);
    const thread = await explain(t.database, commentsQuery(t.db, { postId: 42, take: 21 }));
    expect(thread).toMatch(/comments_post_created_idx/);
    expect(thread).not.toMatch(/Seq Scan on comments/);
  });
});
