import type { Scale } from './options';
import { sqlTextArray } from './names';

/**
 * The community side of the bench data: jobs, events and their registrations, referral offers and
 * requests, notifications, communities with members and posts in their spaces, and hashtags. Like
 * load-data.ts, everything is a pure function of the row number, so the scenarios
 * (endpoints-community.ts) know who owns what without reading the database.
 */

/** Tables these steps fill (their secondary indexes are dropped during the load and rebuilt after). */
export const COMMUNITY_TABLES = [
  'jobs',
  'events',
  'event_registrations',
  'referrals',
  'referral_requests',
  'notifications',
  'communities',
  'community_members',
  'post_tags',
];

/** Tables with an identity id whose sequence is moved past the loaded rows. */
export const COMMUNITY_IDENTITY_TABLES = ['jobs', 'events', 'referrals', 'referral_requests', 'notifications', 'communities'];

export type CommunitySizes = Readonly<{
  jobs: number;
  events: number;
  registrationsPerEvent: number;
  offers: number;
  requests: number;
  notifications: number;
  communities: number;
}>;

/** Sized by the people count: the default scale (20,000 people) has the figures of issue #44. */
export function communitySizes(scale: Scale): CommunitySizes {
  const factor = scale.people / 20_000;
  return {
    jobs: Math.round(2_000 * factor),
    events: Math.round(500 * factor),
    registrationsPerEvent: 20,
    offers: Math.round(1_000 * factor),
    requests: Math.round(20_000 * factor),
    notifications: Math.round(200_000 * factor),
    communities: Math.max(10, Math.round(50 * Math.sqrt(factor))),
  };
}

/** Hashtags put on every third post (the tag feed's scenario reads them). */
export const BENCH_TAGS = [
  'hiring',
  'mentorship',
  'datascience',
  'careers',
  'alumni',
  'startups',
  'remote',
  'ai',
  'product',
  'design',
  'cloud',
  'networking',
  'webdev',
  'internships',
  'leadership',
  'fintech',
  'devops',
  'research',
  'marketing',
  'community',
] as const;

/** Search-everything texts: words of posts, jobs, events and communities, and one that matches nothing. */
export const SEARCH_EVERYTHING_TERMS = [
  'data engineering',
  'mentor',
  'cloud',
  'backend engineer',
  'networking night',
  'product',
  'mobile app',
  'meetup',
  'design',
  'zzqx',
] as const;

const JOB_TITLES = ['Backend Engineer', 'Data Analyst', 'Product Manager', 'Frontend Developer', 'Cloud Architect', 'UX Designer'];
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Vandelay'];
const LOCATIONS = ['Bengaluru', 'Pune', 'Remote', 'Hyderabad', 'Mumbai', 'Chennai', 'Delhi'];
const JOB_TYPES = ['Full-Time', 'Part-Time', 'Contract'];
const EVENT_KINDS = ['Networking night', 'Career fair', 'Tech talk', 'Alumni meetup', 'Workshop on cloud costs'];

/** Slug of community `c` (1-based). */
export const communitySlug = (c: number) => `bench-space-${c}`;
/** Every fifth space is members-only. */
export const isMembersOnly = (c: number) => c % 5 === 0;
/** Person `p` is a member of community `c` when (p + 7c) is a multiple of 10: a tenth of everyone per space. */
export const isMember = (p: number, c: number) => (p + 7 * c) % 10 === 0;
/** True when post `id` was made in a space (a tenth of them: the step "posts in spaces and hashtags"). */
export const isSpacePost = (id: number) => id % 10 === 0;
/**
 * Owner of referral offer `r`: an alumnus (id % 10 < 5) among people 10..1994, who all hold an
 * access token in the bench (they are chatters).
 */
export const offerOwner = (r: number) => 10 + 10 * (r % 199) + (Math.floor(r / 199) % 5);

type Step = { label: string; sql: string };

export function communitySteps(scale: Scale, anchor: string): Step[] {
  const { people, posts } = scale;
  const size = communitySizes(scale);
  const text = (values: readonly string[], g: string) => `(${sqlTextArray(values)})[1 + (${g}) % ${values.length}]`;
  const spread = (g: string, n: number) => `(${anchor} - ((${n} - ${g})::float8 / ${n}) * interval '180 days')`;
  const alumnus = (g: string) => `(10 + 10 * ((${g}::bigint * 7919) % ${Math.floor(people / 10) - 2}) + ${g} % 5)`;
  const owner = (g: string) => `(10 + 10 * (${g} % 199) + (${g} / 199) % 5)`;
  const C = size.communities;
  const R = size.offers;
  const Q = size.requests;
  const N = size.notifications;

  return [
    {
      label: `jobs (${size.jobs})`,
      sql: `INSERT INTO jobs (id, posted_by, title, company, location, salary, type, description, apply_url, status, created_at, updated_at, closed_at)
            OVERRIDING SYSTEM VALUE
            SELECT g, ${alumnus('g')}, ${text(JOB_TITLES, 'g')}, ${text(COMPANIES, 'g / 3')}, ${text(LOCATIONS, 'g / 7')},
              (8 + g % 30) || ' LPA', ${text(JOB_TYPES, 'g')}, 'Join our team as job #' || g || '. We build products people love.',
              'https://jobs.bench.test/' || g, CASE WHEN g % 10 = 0 THEN 'closed' ELSE 'open' END,
              ${spread('g', size.jobs)}, ${spread('g', size.jobs)}, CASE WHEN g % 10 = 0 THEN ${anchor} END
            FROM generate_series(1, ${size.jobs}) g`,
    },
    {
      // Half in the past, half upcoming, one every few hours around the anchor.
      label: `events (${size.events})`,
      sql: `INSERT INTO events (id, title, starts_at, host, category, description, capacity, registrations_count, seats_taken, created_by, created_at)
            OVERRIDING SYSTEM VALUE
            SELECT g, ${text(EVENT_KINDS, 'g')} || ' #' || g, ${anchor} + ((g - ${size.events / 2})::float8 / ${size.events}) * interval '360 days',
              ${text(COMPANIES, 'g')}, ${text(['Networking', 'Careers', 'Tech', 'Social'], 'g')}, 'Come along to event #' || g || '.',
              CASE WHEN g % 3 = 0 THEN 100 END, ${size.registrationsPerEvent}, ${size.registrationsPerEvent}, 1, ${anchor} - interval '200 days'
            FROM generate_series(1, ${size.events}) g`,
    },
    {
      label: `event_registrations (${size.events * size.registrationsPerEvent})`,
      sql: `INSERT INTO event_registrations (event_id, user_id, created_at, status, guests)
            SELECT e, 2 + ((e::bigint * 7919 + r * 101) % ${people - 2}), ${anchor} - interval '190 days', 'registered', 0
            FROM generate_series(1, ${size.events}) e, generate_series(0, ${size.registrationsPerEvent - 1}) r`,
    },
    {
      label: `referrals (${R})`,
      sql: `INSERT INTO referrals (id, alumni_id, company, role, ctc, location, requirements, status, created_at, updated_at, closed_at)
            OVERRIDING SYSTEM VALUE
            SELECT g, ${owner('g')}, ${text(COMPANIES, 'g')}, ${text(JOB_TITLES, 'g / 2')}, 5.5 + g % 40, ${text(LOCATIONS, 'g')},
              'Two years of experience; send a short note on what you built.', CASE WHEN g % 10 = 0 THEN 'closed' ELSE 'open' END,
              ${spread('g', R)}, ${spread('g', R)}, CASE WHEN g % 10 = 0 THEN ${anchor} END
            FROM generate_series(1, ${R}) g`,
    },
    {
      // Requests waiting ('requested') are under 30 days old, so the expiry run leaves them alone.
      label: `referral_requests (${Q})`,
      sql: `INSERT INTO referral_requests (id, referral_id, requester_id, message, status, created_at, updated_at)
            OVERRIDING SYSTEM VALUE
            SELECT q, 1 + q % ${R}, 2 + ((q::bigint * 7919) % ${people - 2}), 'I would love a referral; request #' || q || '.',
              (ARRAY['requested', 'requested', 'requested', 'referred', 'interviewing', 'declined'])[1 + q % 6],
              ${anchor} - ((${Q} - q)::float8 / ${Q}) * interval '25 days', ${anchor} - ((${Q} - q)::float8 / ${Q}) * interval '25 days'
            FROM generate_series(1, ${Q}) q
            ON CONFLICT DO NOTHING`,
    },
    {
      label: `notifications (${N})`,
      sql: `INSERT INTO notifications (id, user_id, type, actor_id, post_id, text, read_at, created_at)
            OVERRIDING SYSTEM VALUE
            SELECT n, 2 + ((n::bigint * 7919) % ${people - 2}), 'post_liked', 1 + ((n::bigint * 104729) % ${people}),
              1 + ((n::bigint * 15485863) % ${posts}), 'Someone liked your post.',
              CASE WHEN n < ${Math.floor(N * 0.9)} THEN ${anchor} END, ${anchor} - ((${N} - n)::float8 / ${N}) * interval '60 days'
            FROM generate_series(1, ${N}) n`,
    },
    {
      label: `communities (${C})`,
      sql: `INSERT INTO communities (id, slug, name, description, icon, members_count, visibility, created_at)
            OVERRIDING SYSTEM VALUE
            SELECT c, 'bench-space-' || c, 'Bench space ' || c, 'A place for ' || ${text(['engineers', 'designers', 'founders', 'the class of 2015', 'data people'], 'c')} || ' to talk.',
              'users', 0, CASE WHEN c % 5 = 0 THEN 'members' ELSE 'public' END, ${anchor} - interval '400 days'
            FROM generate_series(1, ${C}) c`,
    },
    {
      label: 'community_members (a tenth of everyone per space)',
      sql: `INSERT INTO community_members (community_id, user_id, created_at)
            SELECT c, p, ${anchor} - interval '300 days'
            FROM generate_series(1, ${C}) c, generate_series(1, ${people}) p WHERE (p + 7 * c) % 10 = 0`,
    },
    {
      label: 'communities.members_count',
      sql: `UPDATE communities SET members_count = m.n
            FROM (SELECT community_id, count(*)::int AS n FROM community_members GROUP BY community_id) m
            WHERE communities.id = m.community_id`,
    },
    {
      // A tenth of the posts are made in a space; every third post carries a hashtag in its caption.
      label: 'posts in spaces and hashtags',
      sql: `UPDATE posts SET
              community_id = CASE WHEN id % 10 = 0 THEN 1 + (id / 10) % ${C} END,
              caption = CASE WHEN id % 3 = 0 THEN caption || ' #' || ${text(BENCH_TAGS, 'id / 3')} ELSE caption END,
              -- The tag's word joins the stored document (the triggers are off): after the comments' words, where
              -- a rebuild would put it before them (the same matches).
              search_document = CASE WHEN id % 3 = 0 THEN search_document || to_tsvector('english', ${text(BENCH_TAGS, 'id / 3')})
                ELSE search_document END
            WHERE id % 10 = 0 OR id % 3 = 0`,
    },
    {
      label: 'post_tags',
      sql: `INSERT INTO post_tags (post_id, tag, created_at)
            SELECT id, ${text(BENCH_TAGS, 'id / 3')}, created_at FROM posts WHERE id % 3 = 0`,
    },
  ];
}
