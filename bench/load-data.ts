import { sampleCareerSql } from '../apps/api/src/seed/career-samples';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { BENCH_PASSWORD, conversationCount, emailOf, SQL_MAPPINGS } from './identities';
import { COMMENT_TEXTS, FIRST_NAMES, LAST_NAMES, MENTOR_TOPICS, POST_TOPICS, sqlTextArray } from './names';
import type { Scale } from './options';
import type { SqlSession } from './sql-session';
import { COMMUNITY_IDENTITY_TABLES, COMMUNITY_TABLES, communitySteps } from './load-data-community';

/**
 * Tables the loader fills; their secondary indexes are dropped during the load and rebuilt after.
 * A bench database whose recorded counts miss one of them was loaded by an older loader and is
 * loaded again (holdsScale).
 */
export const LOADED_TABLES = [
  'users',
  'posts',
  'post_likes',
  'comments',
  'conversations',
  'conversation_participants',
  'messages',
  'mentor_profiles',
  'mentor_topics',
  ...COMMUNITY_TABLES,
];

export type LoadSummary = { seconds: number; counts: Record<string, number> };

type Step = { label: string; sql: string };

/** Multiplier spreading ids over people (coprime with every scale's people count). */
const SPREAD = 7919;

/**
 * The whole load as set-based statements (INSERT ... SELECT FROM generate_series). Everything
 * is a pure function of the row number, so a reload produces the same data.
 */
function loadSteps(scale: Scale, passwordHash: string, anchorIso: string): Step[] {
  const { people, posts } = scale;
  const anchor = `'${anchorIso}'::timestamptz`;
  const likesPerPost = Math.max(1, Math.round(scale.likes / posts));
  const commentsPerPost = Math.max(1, Math.round(scale.comments / posts));
  const conversations = conversationCount(scale);
  const messagesPerConversation = Math.max(1, Math.round(scale.messages / conversations));
  const messageSpacingSeconds = (30 * 86_400) / (conversations * messagesPerConversation);
  const firsts = sqlTextArray(FIRST_NAMES);
  const lasts = sqlTextArray(LAST_NAMES);
  const first = SQL_MAPPINGS.firstName('g', firsts);
  const last = SQL_MAPPINGS.lastName('g', lasts);
  const { pairA, pairB } = SQL_MAPPINGS;
  const career = sampleCareerSql('g');
  const mentorTopics = sqlTextArray(MENTOR_TOPICS);
  // Posts are spread evenly over the past year; the highest id is the newest.
  const postTime = (g: string) => `(${anchor} - ((${posts} - ${g})::float8 / ${posts}) * interval '365 days')`;
  const authorOf = (g: string) => `((${g}::bigint * ${SPREAD}) % ${people})`;
  // Likes (comments) per post vary from 0 to twice the mean; the modulus makes the mean exact.
  const likeCount = (g: string) => `((${g}::bigint * 37) % ${2 * likesPerPost + 1})::int`;
  const commentCount = (g: string) => `((${g}::bigint * 53) % ${2 * commentsPerPost + 1})::int`;

  return [
    {
      label: `users (${people})`,
      sql: `INSERT INTO users (id, email, username, password_hash, first_name, last_name, role, is_staff, is_active,
              email_verified_at, handle, created_at, updated_at,
              headline, company, job_title, location, cohort_year, skills, open_to_referrals)
            OVERRIDING SYSTEM VALUE
            SELECT g, CASE WHEN g = 1 THEN '${emailOf(1)}' ELSE lower(f) || '.' || lower(l) || '.' || g || '@bench.test' END,
              'bench_' || g, '${passwordHash}', f, l, ${SQL_MAPPINGS.role('g')}, g = 1, true, created, 'bench' || g, created, created,
              ${career.headline}, ${career.company}, ${career.jobTitle}, ${career.location}, ${career.cohortYear}, ${career.skills}, ${career.openToReferrals}
            FROM (SELECT g, ${first} AS f, ${last} AS l,
                    ${anchor} - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second' AS created
                  FROM generate_series(1, ${people}) g) s`,
    },
    {
      // What the trigger of migrations 0041 and 0048 keeps (it is off during the load).
      label: 'user_skills',
      sql: `INSERT INTO user_skills (skill, created_at, user_id, company, location, cohort_year, role, open_to_referrals)
            SELECT DISTINCT item, u.created_at, u.id, lower(u.company), lower(u.location), u.cohort_year, u.role, u.open_to_referrals
            FROM users u CROSS JOIN LATERAL unnest(string_to_array(lower(u.skills), ', ')) AS item`,
    },
    {
      // With its stored document, which migration 0044's triggers (off here) keep: the caption, then the words of
      // the comments the comments step adds, oldest first (each comment text parsed once).
      label: `posts (${posts})`,
      sql: `INSERT INTO posts (id, user_id, caption, image, likes_count, comments_count, created_at, search_document)
            OVERRIDING SYSTEM VALUE
            SELECT g, 1 + ${authorOf('g')}, caption, CASE WHEN g % 4 = 0 THEN 'posts/bench-sample.webp' END,
              ${likeCount('g')}, ${commentCount('g')}, ${postTime('g')},
              to_tsvector('english', caption) || coalesce((SELECT tsvector_agg(d.documents[1 + (g + r) % ${COMMENT_TEXTS.length}] ORDER BY r)
                FROM generate_series(0, ${commentCount('g')} - 1) r), ''::tsvector)
            FROM (SELECT g, 'Post #' || g || '. ' || (${sqlTextArray(POST_TOPICS)})[1 + g % ${POST_TOPICS.length}] AS caption
                  FROM generate_series(1, ${posts}) g) s
            CROSS JOIN (SELECT array_agg(to_tsvector('english', t) ORDER BY n) AS documents
                        FROM unnest(${sqlTextArray(COMMENT_TEXTS)}) WITH ORDINALITY AS u(t, n)) d`,
    },
    {
      // Distinct (post, person) pairs: the r-th liker of a post is its author + 1 + 101·r.
      label: `post_likes (~${scale.likes})`,
      sql: `INSERT INTO post_likes (post_id, user_id, created_at)
            SELECT g, 1 + (${authorOf('g')} + 1 + r * 101) % ${people}, ${postTime('g')} + (r + 1) * interval '1 minute'
            FROM generate_series(1, ${posts}) g, generate_series(0, ${likeCount('g')} - 1) r`,
    },
    {
      label: `comments (~${scale.comments})`,
      sql: `INSERT INTO comments (post_id, user_id, text, created_at)
            SELECT g, 1 + (${authorOf('g')} + 7 + r * 211) % ${people},
              (${sqlTextArray(COMMENT_TEXTS)})[1 + (g + r) % ${COMMENT_TEXTS.length}], ${postTime('g')} + (r + 1) * interval '5 minutes'
            FROM generate_series(1, ${posts}) g, generate_series(0, ${commentCount('g')} - 1) r`,
    },
    {
      label: `conversations (${conversations})`,
      sql: `INSERT INTO conversations (id, user_a_id, user_b_id, created_at, updated_at)
            OVERRIDING SYSTEM VALUE
            SELECT c, ${pairA('c')}, ${pairB('c')}, ${anchor} - interval '60 days', ${anchor} - interval '60 days'
            FROM generate_series(1, ${conversations}) c`,
    },
    {
      label: `messages (${conversations * messagesPerConversation})`,
      sql: `INSERT INTO messages (conversation_id, sender_id, content, created_at)
            SELECT c, CASE WHEN k % 2 = 0 THEN ${pairA('c')} ELSE ${pairB('c')} END,
              'Message ' || (k + 1) || ' of conversation ' || c,
              ${anchor} - interval '30 days' + (k * ${conversations} + c) * interval '${messageSpacingSeconds} seconds'
            FROM generate_series(0, ${messagesPerConversation - 1}) k, generate_series(1, ${conversations}) c`,
    },
    {
      label: 'last message of each conversation',
      sql: `UPDATE conversations SET updated_at = l.created_at, last_message_at = l.created_at,
              last_message_content = l.content, last_message_sender_id = l.sender_id
            FROM (SELECT DISTINCT ON (conversation_id) conversation_id, created_at, content, sender_id
                  FROM messages ORDER BY conversation_id, created_at DESC, id DESC) l
            WHERE conversations.id = l.conversation_id`,
    },
    {
      // Mentors: alumni (id % 10 < 5) spread over everyone, three topics each, a quarter of them full.
      label: `mentor_profiles (${scale.mentors})`,
      sql: `INSERT INTO mentor_profiles (user_id, is_mentor, topics, topic_keys, capacity, about, accepting, active_count, created_at, updated_at)
            SELECT id, true, t, (SELECT array_agg(lower(x)) FROM unnest(t) x), 3, 'Happy to help with ' || t[1] || '.', true, m % 4, ${anchor}, ${anchor}
            FROM (SELECT m, 2 + ((m::bigint * ${SPREAD}) % (${people} - 1)) AS id,
                    ARRAY[(${mentorTopics})[1 + m % ${MENTOR_TOPICS.length}], (${mentorTopics})[1 + (m * 7 + 3) % ${MENTOR_TOPICS.length}],
                          (${mentorTopics})[1 + (m * 13 + 5) % ${MENTOR_TOPICS.length}]] AS t
                  FROM generate_series(1, ${scale.mentors * 2}) m) s
            WHERE id % 10 < 5
            ORDER BY m LIMIT ${scale.mentors}
            ON CONFLICT (user_id) DO NOTHING`,
    },
    {
      label: 'mentor_topics',
      sql: `INSERT INTO mentor_topics (topic_key, user_id, active_count)
            SELECT DISTINCT unnest(topic_keys), user_id, active_count FROM mentor_profiles
            WHERE is_mentor AND accepting AND active_count < capacity`,
    },
    {
      label: 'conversation_participants',
      sql: `INSERT INTO conversation_participants (conversation_id, user_id, other_user_id, unread_count, last_read_at, activity_at)
            SELECT id, user_a_id, user_b_id, 0, updated_at, updated_at FROM conversations
            UNION ALL
            SELECT id, user_b_id, user_a_id, 0, updated_at, updated_at FROM conversations`,
    },
    ...communitySteps(scale, anchor),
  ];
}

/** The dashboard counters, recomputed with the statements that end migration 0005. */
const COUNTER_STEPS: Step[] = [
  {
    label: 'stat_counters',
    sql: `INSERT INTO stat_counters (key, value)
            SELECT 'users_total', count(*) FROM users
            UNION ALL SELECT 'users_' || role, count(*) FROM users GROUP BY role
            UNION ALL SELECT 'posts', count(*) FROM posts WHERE deleted_at IS NULL
            UNION ALL SELECT 'referrals_' || status, count(*) FROM referrals GROUP BY status
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  },
  {
    label: 'daily_stats',
    sql: `INSERT INTO daily_stats (day, key, value)
            SELECT (created_at AT TIME ZONE 'UTC')::date, 'signups', count(*)::int FROM users GROUP BY 1
            UNION ALL
            SELECT (created_at AT TIME ZONE 'UTC')::date, 'posts', count(*)::int FROM posts WHERE deleted_at IS NULL GROUP BY 1
          ON CONFLICT (day, key) DO UPDATE SET value = excluded.value`,
  },
];

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  return result;
}

/** Secondary (non-constraint) indexes of the loaded tables, with the SQL that recreates them. */
async function secondaryIndexes(session: SqlSession): Promise<{ name: string; definition: string }[]> {
  return session.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = any($1::text[])
       and indexname not in (select conname from pg_constraint)
     order by tablename, indexname`,
    [LOADED_TABLES],
  );
}

export const BENCH_META_DDL = `CREATE TABLE IF NOT EXISTS bench_meta (
  scale text PRIMARY KEY, complete boolean NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now(),
  seconds real NOT NULL, counts jsonb NOT NULL)`;

/**
 * Fills an empty, migrated database. Triggers and foreign-key checks are off during the load
 * (session_replication_role = replica), secondary indexes are built once at the end, and the
 * counters the triggers would have kept are recomputed in two statements.
 */
export async function loadBenchData(session: SqlSession, scale: Scale): Promise<LoadSummary> {
  const started = performance.now();
  console.log(`Loading the ${scale.name} scale…`);
  const passwordHash = await timed('argon2id hash (one, shared)', () => hashPassword(BENCH_PASSWORD));
  // An hour ago: likes and comments dated a few minutes after the newest post stay in the past.
  const anchorIso = new Date(Date.now() - 3_600_000).toISOString();

  await session.query(`SET session_replication_role = replica`);
  await session.query(`SET maintenance_work_mem = '256MB'`);
  const indexes = await secondaryIndexes(session);
  for (const index of indexes) await session.query(`DROP INDEX "${index.name}"`);

  for (const step of loadSteps(scale, passwordHash, anchorIso)) await timed(step.label, () => session.query(step.sql));
  await timed(`rebuild ${indexes.length} secondary indexes`, async () => {
    for (const index of indexes) await session.query(index.definition);
  });
  await timed('identity sequences', async () => {
    for (const table of ['users', 'posts', 'conversations', ...COMMUNITY_IDENTITY_TABLES]) {
      await session.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
      );
    }
  });
  for (const step of COUNTER_STEPS) await timed(step.label, () => session.query(step.sql));
  await session.query(`SET session_replication_role = origin`);
  await timed('ANALYZE', () => session.query('ANALYZE'));
  // Its visibility map set, as autovacuum leaves it: a skill's page walks user_skills_pkey index-only (decision 042).
  await timed('VACUUM user_skills', () => session.query('VACUUM user_skills'));

  const counts = await countRows(session);
  const [likeTotals] = await session.query<{ stored: string; counted: string }>(
    `SELECT (SELECT sum(likes_count) FROM posts)::text AS stored, (SELECT count(*) FROM post_likes)::text AS counted`,
  );
  if (likeTotals?.stored !== likeTotals?.counted)
    throw new Error(`likes_count total ${likeTotals?.stored} ≠ post_likes ${likeTotals?.counted}`);

  const seconds = (performance.now() - started) / 1000;
  await session.query(BENCH_META_DDL);
  await session.query(
    `INSERT INTO bench_meta (scale, complete, seconds, counts) VALUES ($1, true, $2, $3)
    ON CONFLICT (scale) DO UPDATE SET complete = true, seconds = excluded.seconds, counts = excluded.counts, loaded_at = now()`,
    [scale.name, seconds, JSON.stringify(counts)],
  );
  console.log(
    `Loaded in ${seconds.toFixed(1)} s: ${Object.entries(counts)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ')}`,
  );
  return { seconds, counts };
}

export async function countRows(session: SqlSession): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of LOADED_TABLES) {
    const [row] = await session.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}
