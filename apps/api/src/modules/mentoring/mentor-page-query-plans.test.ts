import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { mentorPageQuery, type MentorPageKind } from './mentor-page.sql';

// The generic plans of the mentors list's prepared statements (mentor-page.sql.ts): each part walks
// its index in the list's order and joins the viewer's open mentorships by an index (their own,
// read once by mentorships_mentee_created_idx, or a probe of mentorships_open_pair_idx per mentor),
// never a scan of mentorships, whatever the parameters.
let t: TestApp;
let viewerId = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    insert into users (email, username, password_hash, role, email_verified_at)
    select 'mentor' || g || '@example.com', 'mentor' || g, 'x', 'AL', now() from generate_series(1, 3000) g`);
  const { rows } = await t.db.execute<{ id: number }>(sql`select min(id) as id from users where username like 'mentor%'`);
  viewerId = rows[0]?.id ?? 0;
  await t.db.execute(sql`
    insert into mentor_profiles (user_id, is_mentor, topics, topic_keys, capacity, active_count, about)
    select id, true, array['Topic ' || (id % 30), 'Topic ' || ((id * 7) % 30)], array['topic ' || (id % 30), 'topic ' || ((id * 7) % 30)],
      3, id % 4, 'Ask me'
    from users where username like 'mentor%' and id <> ${viewerId}`);
  await t.db.execute(sql`
    insert into mentor_topics (topic_key, user_id, active_count)
    select distinct unnest(topic_keys), user_id, active_count from mentor_profiles where active_count < capacity`);
  // Everyone asked a few mentors (some accepted, some ended): 6,000 mentorships.
  await t.db.execute(sql`
    insert into mentorships (mentor_id, mentee_id, topic, message, status)
    select m.user_id, u.id, 'Topic 1', 'Hello', (array['pending', 'active', 'declined', 'cancelled', 'completed'])[1 + (u.id + g) % 5]
    from users u cross join generate_series(1, 2) g
    join mentor_profiles m on m.user_id = (select min(user_id) from mentor_profiles) + (u.id * 7 + g * 13) % 2900
    where u.username like 'mentor%' and m.user_id <> u.id
    on conflict do nothing`);
  await t.db.execute(sql`vacuum analyze`);
}, 400_000);
afterAll(() => t.close());

const params = () => ({
  viewerId,
  seesEveryone: false,
  topicKey: 'topic 7',
  nameLike: '',
  afterLoad: -1,
  afterId: 0,
});

describe('the mentors list: generic plans', () => {
  const kinds: [string, MentorPageKind, RegExp][] = [
    ['every open mentor', { byTopic: false, byName: false }, /mentor_profiles_open_idx/],
    ['those offering a topic', { byTopic: true, byName: false }, /mentor_topics_list_idx/],
    ['the open mentors not offering it', { byTopic: false, otherThanTopic: true, byName: false }, /mentor_profiles_open_idx/],
  ];
  for (const [label, kind, index] of kinds) {
    it(`${label}: walks ${index.source}, the viewer's open mentorships by an index`, async () => {
      const plan = await explain(t.database, mentorPageQuery(kind, 21), { generic: true, placeholders: params() });
      expect(plan).toMatch(index);
      expect(plan).toMatch(/mentorships_open_pair_idx|mentorships_mentee_created_idx/);
      expect(plan).not.toMatch(/Seq Scan on (mentorships|mentor_profiles|mentor_topics|users)\b/);
    });
  }
});
