import { SEARCH_KINDS } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import {
  kindSearchQuery,
  kindsSearchQuery,
  probeStatementQuery,
  searchStatementParams,
  searchStatementQuery,
  shownStatementQuery,
  textOfStatement,
  type Search,
} from './search-everything.repository';
import { keptTextQuery } from './search-kept';
import { splitSearchText } from './search-sources';
import { probeQuery, probesQuery, RANKED_MATCHES_MAX, rowsToWalk, type Probe } from './search-walks';

// Proves each kind's search looks its matches up in the GIN index of its stored document (migration 0039)
// once tables are large, never parses text again to match or rank, and ranks a common word's newest matches alone.
let t: TestApp;

const INDEX_OF = {
  people: 'users_search_idx',
  posts: 'posts_search_idx',
  jobs: 'jobs_search_idx',
  events: 'events_search_idx',
  communities: 'communities_search_idx',
} as const;

const TABLE_OF = { people: 'users', posts: 'posts', jobs: 'jobs', events: 'events', communities: 'communities' } as const;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'varied-names' });
  // Every row has its own word ("w123"), and all share a few common ones.
  await t.db.execute(sql`
    insert into posts (user_id, caption, image, created_at)
    select id, 'alumni caption about the reunion w' || id, null, now() - id * interval '1 minute' from users`);
  await t.db.execute(sql`
    insert into jobs (posted_by, title, company, location, type, apply_url, description)
    select id, 'Engineer w' || id, 'Company ' || id, 'Remote', 'Full-Time', 'https://example.com/' || id, 'Build things' from users`);
  await t.db.execute(sql`
    insert into events (title, starts_at, description) select 'Meetup w' || id, now() + interval '1 day', 'Talks' from users`);
  await t.db.execute(sql`
    insert into communities (slug, name, description) select 'c-' || id, 'Circle w' || id, 'A circle' from users`);
  await t.db.execute(sql`update users set first_name = 'w' || id where id % 2 = 0`);
  await t.db.execute(sql`update users set last_name = 'alumnus' where id % 2 = 1`);
  // VACUUM fills in the GIN statistics the planner costs the lookups with (autovacuum does so in production).
  await t.db.execute(sql`vacuum analyze`);
}, 180_000);
afterAll(() => t.close());

describe('search everything query plans on large tables', () => {
  it.each(SEARCH_KINDS)('%s: a rare word and a prefix are looked up in the GIN index, never a scan of the table', async (kind) => {
    for (const viewer of [
      { id: 7, role: 'AL' as const },
      { id: 1, role: 'AD' as const },
    ]) {
      for (const text of ['w1234', 'w123', 'w1234 -xyz']) {
        const plan = await explain(t.database, kindSearchQuery(kind, { viewer, text: splitSearchText(text), take: 21 }));
        expect(plan, `${kind} ${text} ${viewer.role}`).toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
        expect(plan, `${kind} ${text} ${viewer.role}`).not.toMatch(new RegExp(`Seq Scan on ${TABLE_OF[kind]}\\b`));
        expect(plan, `${kind} ${text} ${viewer.role}`).toMatch(/search_document @@/);
        expect(plan, `${kind} ${text} ${viewer.role}`).not.toMatch(/to_tsvector/);
      }
    }
  });

  it.each(SEARCH_KINDS)('%s: a word most rows have ranks only the newest matches, from their stored documents', async (kind) => {
    const word = { people: 'alumnus', posts: 'alumni', jobs: 'engineer', events: 'meetup', communities: 'circle' }[kind];
    const query = kindSearchQuery(kind, {
      viewer: { id: 7, role: 'AL' },
      text: splitSearchText(`${word} `),
      take: RANKED_MATCHES_MAX + 100,
    });
    const plan = await explain(t.database, query, { analyze: true });
    expect(plan).not.toMatch(/to_tsvector/);
    // ts_rank runs over one bounded subquery's rows: at most RANKED_MATCHES_MAX.
    const rankedRows = /Subquery Scan on newest .*?rows=([\d.]+) loops=1/.exec(plan)?.[1];
    expect(Number(rankedRows)).toBeLessThanOrEqual(RANKED_MATCHES_MAX);
    const { rows } = await t.db.execute<{ id: number }>(query);
    expect(rows.length).toBe(RANKED_MATCHES_MAX);
    // The newest: a bulk row's id grows with its user's id, so the oldest ranked match is among the newest ids.
    const { rows: newest } = await t.db.execute<{ id: number }>(
      sql`select id from ${sql.identifier(TABLE_OF[kind])} where search_document @@ to_tsquery(${kind === 'people' ? 'simple' : 'english'}::regconfig, ${word}) order by id desc limit ${RANKED_MATCHES_MAX}`,
    );
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(newest.map((row) => row.id)));
  });

  it.each(['people', 'posts'] as const)(
    '%s: a common word is found walking the newest rows, with the same matches as the GIN lookup',
    async (kind) => {
      const word = { people: 'alumnus', posts: 'alumni' }[kind];
      const text = splitSearchText(`${word} `);
      const { rows: probed } = await t.db.execute<Probe>(probeQuery(kind, text));
      const walk = probed[0] ? rowsToWalk(probed[0]) : null;
      expect(walk).not.toBeNull();
      const search = { viewer: { id: 7, role: 'AL' as const }, text, take: RANKED_MATCHES_MAX };
      const walked = kindSearchQuery(kind, { ...search, walk: walk ?? undefined });
      const plan = await explain(t.database, walked);
      expect(plan).toMatch(new RegExp(`Index Scan Backward using ${TABLE_OF[kind]}_pkey`));
      expect(plan).not.toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
      const ids = async (query: ReturnType<typeof kindSearchQuery>) =>
        new Set((await t.db.execute<{ id: number }>(query)).rows.map((row) => row.id));
      expect(await ids(walked)).toEqual(await ids(kindSearchQuery(kind, search)));
    },
  );

  it('every kind in one statement: each looks a rare word up in its own GIN index; one probe walks the newest people and posts', async () => {
    const text = splitSearchText('w1234');
    const kinds = SEARCH_KINDS.map((kind) => ({ kind }));
    const plan = await explain(t.database, kindsSearchQuery(kinds, { viewer: { id: 7, role: 'AL' }, text, take: 3 }));
    for (const kind of SEARCH_KINDS) {
      expect(plan, kind).toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
      expect(plan, kind).not.toMatch(new RegExp(`Seq Scan on ${TABLE_OF[kind]}\\b`));
    }
    expect(plan).not.toMatch(/to_tsvector/);
    const probes = probesQuery(SEARCH_KINDS, text);
    expect(probes).not.toBeNull();
    const probePlan = probes ? await explain(t.database, probes) : '';
    expect(probePlan).toMatch(/Index Scan Backward using users_pkey/);
    expect(probePlan).toMatch(/Index Scan Backward using posts_pkey/);
    expect(probePlan).not.toMatch(/Seq Scan on (users|posts)\b/);
  });

  it('a rare word is looked up in the GIN index: the probe finds it in none of the newest rows', async () => {
    const { rows: probed } = await t.db.execute<Probe>(probeQuery('posts', splitSearchText('w1234')));
    expect(probed[0] && rowsToWalk(probed[0])).toBeNull();
  });
});

describe('search everything prepared statements, by their generic plans', () => {
  const member = { id: 7, role: 'AL' as const };
  const generic = (search: Search) => ({ generic: true, placeholders: searchStatementParams(search) });

  it.each(SEARCH_KINDS)('%s: a rare word and a prefix are looked up in the GIN index', async (kind) => {
    for (const text of ['w1234', 'w123 ']) {
      const search: Search = { viewer: member, text: splitSearchText(text), take: 21, after: { rank: 1, id: 1_000_000 } };
      const plan = await explain(t.database, searchStatementQuery([{ kind }], search), generic(search));
      expect(plan, `${kind} ${text}`).toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
      expect(plan, `${kind} ${text}`).not.toMatch(new RegExp(`Seq Scan on ${TABLE_OF[kind]}\\b`));
      expect(plan, `${kind} ${text}`).not.toMatch(/to_tsvector/);
    }
  });

  it.each(['people', 'posts'] as const)('%s: a common word walks the newest rows by the primary key', async (kind) => {
    const search: Search = { viewer: member, text: splitSearchText('alumni'), take: 3 };
    const plan = await explain(t.database, searchStatementQuery([{ kind, walk: 2_000 }], search), generic(search));
    expect(plan).toMatch(new RegExp(`Index Scan Backward using ${TABLE_OF[kind]}_pkey`));
    expect(plan).not.toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
  });

  it('every kind in one statement, and the probe walking the newest people and posts', async () => {
    const search: Search = { viewer: member, text: splitSearchText('w1234'), take: 3 };
    const plan = await explain(
      t.database,
      searchStatementQuery(
        SEARCH_KINDS.map((kind) => ({ kind })),
        search,
      ),
      generic(search),
    );
    for (const kind of SEARCH_KINDS) expect(plan, kind).toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
    const probe = probeStatementQuery(SEARCH_KINDS, search.text);
    const probePlan = probe ? await explain(t.database, probe, generic(search)) : '';
    expect(probePlan).toMatch(/Index Scan Backward using users_pkey/);
    expect(probePlan).toMatch(/Index Scan Backward using posts_pkey/);
    expect(probePlan).not.toMatch(/Seq Scan on (users|posts)\b/);
  });
});

describe('the kept matches of a text (decision 057), by their generic plans', () => {
  const text = splitSearchText('w1234');
  const placeholders = { head: text.head, last: text.last };

  it('fills every kind through its GIN index, and reads the shown rows by their primary keys', async () => {
    const fill = await explain(t.database, keptTextQuery(new Map(), textOfStatement(text)), { generic: true, placeholders });
    for (const kind of SEARCH_KINDS) expect(fill, kind).toMatch(new RegExp(`Bitmap Index Scan on ${INDEX_OF[kind]}`));
    const ids = Object.fromEntries(SEARCH_KINDS.map((kind) => [`ids_${kind}`, '{1,2,3}']));
    const shown = await explain(t.database, shownStatementQuery(text), { generic: true, placeholders: { ...placeholders, ...ids } });
    for (const kind of SEARCH_KINDS) expect(shown, kind).toMatch(new RegExp(`Index Scan using ${TABLE_OF[kind]}_pkey`));
    expect(shown).not.toMatch(/Seq Scan on (users|posts|jobs|events|communities)\b/);
  });
});
