import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sampleCareerSql } from '../../seed/career-samples';

/**
 * The hot tables at scale (5,000 people with posts, likes, comments, sign-ins, conversations,
 * mentoring and events), around `viewerId`; answers the viewer's long conversation, a post in the
 * middle of the feed and the big event the viewer hosts. Ends with VACUUM ANALYZE.
 */
export async function seedHotTables(
  db: Database,
  viewerId: number,
): Promise<{ conversationId: number; postId: number; bigEventId: number }> {
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
    where id < (select max(id) from users) and id <> ${viewerId} and id + 1 <> ${viewerId}`);
  await db.execute(sql`
    insert into conversations (user_a_id, user_b_id, last_message_at, last_message_content, last_message_sender_id)
    select ${viewerId}, id, now() - id * interval '1 second', 'hi', ${viewerId} from users
    where id <> ${viewerId} and id % 150 = 7 limit 30`);
  await db.execute(sql`
    insert into conversation_participants (conversation_id, user_id, other_user_id, activity_at)
    select id, user_a_id, user_b_id, last_message_at from conversations
    union all select id, user_b_id, user_a_id, last_message_at from conversations`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, content, created_at)
    select c.id, c.user_a_id, 'message ' || g, now() - g * interval '1 second'
    from conversations c cross join generate_series(1, 4) g`);
  const { rows } = await db.execute<{ id: number }>(sql`select id from conversations where user_a_id = ${viewerId} order by id limit 1`);
  const conversationId = rows[0]?.id ?? 0;
  // One long conversation (1,000 messages) for the history pages.
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, content, created_at)
    select ${conversationId}, ${viewerId}, 'old ' || g, now() - g * interval '1 minute' from generate_series(1, 1000) g`);
  const { rows: postRows } = await db.execute<{ id: number }>(sql`select id from posts order by id desc limit 1 offset 100`);
  const postId = postRows[0]?.id ?? 0;
  // Every hot person mentors (5,000 open mentors): 3 of 60 topics each, some of them full.
  await db.execute(sql`
    insert into mentor_profiles (user_id, is_mentor, topics, topic_keys, capacity, active_count, about)
    select id, true, array['Topic ' || (id % 60), 'Topic ' || ((id * 7) % 60), 'Topic ' || ((id * 13) % 60)],
      array['topic ' || (id % 60), 'topic ' || ((id * 7) % 60), 'topic ' || ((id * 13) % 60)], 3, id % 4, 'Ask me'
    from users where id <> ${viewerId}`);
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
    select 'Event ' || g, now() + g * interval '1 day', 50, ${viewerId} from generate_series(1, 41) g`);
  const { rows: eventRows } = await db.execute<{ id: number }>(sql`select max(id) as id from events`);
  const bigEventId = eventRows[0]?.id ?? 0;
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status)
    select e.id, u.id, 'registered' from events e join users u on (u.id + e.id) % 5 = 0 where e.id <> ${bigEventId} and u.id <> ${viewerId}`);
  await db.execute(sql`
    insert into event_registrations (event_id, user_id, status)
    select ${bigEventId}, id, case when rn <= 3000 then 'registered' else 'waitlisted' end
    from (select id, row_number() over (order by id) as rn from users where id <> ${viewerId} limit 4000) people order by rn`);
  await db.execute(
    sql`update events set capacity = 3000, registrations_count = 3000, seats_taken = 3000, waitlist_count = 1000 where id = ${bigEventId}`,
  );
  await db.execute(sql`vacuum analyze`);
  return { conversationId, postId, bigEventId };
}
