import { Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { commentsQuery } from '../posts/comments.repository';
import { postPageParams, postPageQuery } from '../posts/post-page.sql';
import { allTrigramsCommon, sampleCommonTrigrams, sampleWalkedPeople, SAMPLED_IDS, walkedMatches } from './common-trigrams';
import { keptPeoplePageQuery, searchKindOf, searchPeopleParams, searchPeopleStatement, type SearchKind } from './search.repository';

// Proves the list queries are served by their indexes once tables are large (5,000 rows, analysed).
let t: TestApp;
let md5Prefix = '';

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'varied-names' });
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

describe('query plans on large tables', () => {
  it('people search statements send each of their placeholders once, however often they read it', () => {
    for (const kind of ['prefix', 'trigram', 'sampled'] as const) {
      const { params } = searchPeopleStatement(t.db, kind).toSQL();
      const names = params.flatMap((param) => (param instanceof Placeholder ? [param.name] : []));
      expect(new Set(names).size, kind).toBe(names.length);
      expect(names.length, kind).toBeLessThanOrEqual(Object.keys(searchPeopleParams('text', { id: 1, role: 'AL' })).length);
      expect(params.length, kind).toBeLessThan(10);
    }
  });

  it('people search ranks index-bounded candidates: prefix ranges and the id, substrings by trigram indexes (both prepared); never a scan of users', async () => {
    const viewer = { id: 7, role: 'AL' as const };
    const explainSearch = (text: string, kind: SearchKind, generic: boolean) =>
      explain(t.database, searchPeopleStatement(t.db, kind), { placeholders: searchPeopleParams(text, viewer), generic });
    for (const generic of [false, true]) {
      // A prefix shared by many people (bulk1…, bulk10…): the e-mail prefix index gives the first candidates in order.
      for (const text of ['bulk1', md5Prefix, '4242']) {
        const byPrefix = await explainSearch(text, 'prefix', generic);
        expect(byPrefix, `${text} generic=${generic}`).toMatch(/users_email_prefix_idx/);
        expect(byPrefix, `${text} generic=${generic}`).toMatch(/users_first_name_prefix_idx/);
        expect(byPrefix, `${text} generic=${generic}`).toMatch(/users_pkey/);
        expect(byPrefix, `${text} generic=${generic}`).not.toMatch(/Seq Scan on users/);
      }
    }
    // Substrings (prepared too): a few characters inside one person's name go to the trigram indexes, in the generic plan as well.
    for (const [kind, generic] of [
      ['trigram', false],
      ['trigram', true],
      ['sampled', false],
      ['sampled', true],
    ] as const) {
      const inner = await explainSearch(md5Prefix, kind, generic);
      // One lookup per kind of field: the stored search text (names, e-mail) and the career fields.
      expect(inner, `${kind} generic=${generic}`).toMatch(/Bitmap Index Scan on users_search_text_trgm/);
      expect(inner, `${kind} generic=${generic}`).toMatch(/Bitmap Index Scan on users_career_text_trgm/);
      expect(inner, `${kind} generic=${generic}`).not.toMatch(/users_(first_name|last_name|email|job_title|headline|company)_trgm/);
      expect(inner, `${kind} generic=${generic}`).not.toMatch(/Seq Scan on users/);
    }
  });

  it('people search from kept candidates: the fill reads the indexes as the statements do; a page reads the kept ids by primary key, in order, and stops at a page', async () => {
    const viewer = { id: 7, role: 'AL' as const };
    for (const generic of [false, true]) {
      for (const kind of ['prefix', 'trigram'] as const) {
        const fill = await explain(t.database, searchPeopleStatement(t.db, kind, 'everyone'), {
          placeholders: searchPeopleParams(kind === 'prefix' ? 'bulk1' : md5Prefix, viewer),
          generic,
        });
        expect(fill, `${kind} generic=${generic}`).toMatch(/users_first_name_prefix_idx/);
        expect(fill, `${kind} generic=${generic}`).not.toMatch(/Seq Scan on users|user_settings/);
      }
      const { rows } = await t.db.execute<{ id: number }>(sql`select id from users order by id desc limit 40`);
      for (const substrings of [false, true]) {
        const page = await explain(t.database, keptPeoplePageQuery({ substrings }), {
          placeholders: { ...searchPeopleParams('bulk', viewer), ids: rows.map((row) => Number(row.id)) },
          generic,
          analyze: true,
        });
        const label = `substrings=${substrings} generic=${generic}`;
        // The ids' order is the nested loop's: no sort, no hash, and the loop stops at a page.
        expect(page, label).toMatch(
          /Limit[\s\S]*Nested Loop[\s\S]*Function Scan on unnest kept[\s\S]*Index Scan using users_pkey on users/,
        );
        expect(page, label).not.toMatch(/Sort|Hash|Seq Scan on users/);
        expect(page, label).toMatch(/Function Scan on unnest kept[^\n]*actual[^\n]*rows=20(\.00)? /);
      }
    }
  });

  it('people search: a substring most people share is served from the sampled people by primary key, without reading the trigram indexes', async () => {
    const viewer = { id: 7, role: 'AL' as const };
    // Every bulk e-mail ends "@example.com": the trigram posting lists of "example" hold the whole table.
    const walked = await sampleWalkedPeople(t.db);
    const sampledIds = walkedMatches('example', walked);
    expect(sampledIds).toHaveLength(SAMPLED_IDS);
    for (const generic of [false, true]) {
      const plan = await explain(t.database, searchPeopleStatement(t.db, 'sampled'), {
        placeholders: searchPeopleParams('example', viewer, sampledIds),
        generic,
        analyze: true,
      });
      // The sampled ids are looked up (no walk of the first people by id), and the lookup stops at a page.
      expect(plan, `generic=${generic}`).toMatch(
        /Index Scan using users_pkey on users \w+ .*rows=20(\.00)? loops=1\)\n\s+Index Cond: \(id = ANY/,
      );
      expect(plan, `generic=${generic}`).not.toMatch(/rows=1000(\.00)? loops=1\)/);
      expect(plan, `generic=${generic}`).toMatch(/Bitmap Index Scan on users_search_text_trgm .*\(never executed\)/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on users/);
    }
  });

  it('people search: a text whose prefix matches fill a page is answered by the substring statement without looking for substrings', async () => {
    const viewer = { id: 7, role: 'AL' as const };
    // Every bulk e-mail starts "bulk": the prefix ranges fill a page, so neither the sample walk
    // nor the trigram indexes start (one statement, one round trip, for any text with a trigram).
    for (const generic of [false, true]) {
      const plan = await explain(t.database, searchPeopleStatement(t.db, 'sampled'), {
        placeholders: searchPeopleParams('bulk', viewer),
        generic,
        analyze: true,
      });
      expect(plan, `generic=${generic}`).toMatch(/CTE Scan on prefixed .*rows=20(\.00)? loops=1\)/);
      expect(plan, `generic=${generic}`).toMatch(/Index Scan using users_pkey on users \w+ .*\(never executed\)/);
      expect(plan, `generic=${generic}`).not.toMatch(/rows=1000(\.00)? loops=1\)/);
      expect(plan, `generic=${generic}`).toMatch(/Bitmap Index Scan on users_search_text_trgm .*\(never executed\)/);
    }
  });

  it('people search: the texts whose trigrams are all common read the sample; a rare text and one matching nobody go to the trigram indexes at once', async () => {
    const common = await sampleCommonTrigrams(t.db);
    // Every bulk e-mail is bulk{n}@example.com: its trigrams are common, an md5 name's are not.
    expect([...common]).toEqual(expect.arrayContaining(['bul', 'ulk', 'exa', 'mpl', 'com']));
    const kindOf = (text: string) => searchKindOf(text, (checked) => allTrigramsCommon(checked, common));
    expect(kindOf('example')).toBe('sampled');
    expect(kindOf('@example.com')).toBe('sampled');
    expect(kindOf(md5Prefix)).toBe('trigram');
    expect(kindOf('qxvqxv')).toBe('trigram');
    expect(kindOf('Zoë')).toBe('trigram');
    expect(kindOf('ex')).toBe('prefix');
    const viewer = { id: 7, role: 'AL' as const };
    for (const text of [md5Prefix, 'qxvqxv', 'Zoë']) {
      for (const generic of [false, true]) {
        const plan = await explain(t.database, searchPeopleStatement(t.db, kindOf(text)), {
          placeholders: searchPeopleParams(text, viewer),
          generic,
          analyze: true,
        });
        const what = `${text} generic=${generic}`;
        // No walk of the first people by id: the only primary-key scan is the exact id's (a single row at most).
        expect(plan.match(/Index Scan using users_pkey/g), what).toHaveLength(1);
        expect(plan, what).not.toMatch(/rows=1000(\.00)? loops=1\)/);
        expect(plan, what).toMatch(/Bitmap Index Scan on users_search_text_trgm .*\(actual time/);
        expect(plan, what).toMatch(/Bitmap Index Scan on users_career_text_trgm .*\(actual time/);
        expect(plan, what).not.toMatch(/Seq Scan on users/);
      }
    }
  });

  it('the feed walks posts_feed_idx (first page and after a cursor, custom and generic plans) with the like check by index', async () => {
    const viewer = { id: 7, role: 'AL' as const };
    const pages = [postPageParams({ viewer }), postPageParams({ viewer, before: { at: new Date(Date.now() - 60 * 60_000), id: 60 } })];
    for (const placeholders of pages) {
      for (const generic of [false, true]) {
        const plan = await explain(t.database, postPageQuery('feed', 20), { placeholders, generic });
        const what = `${placeholders.beforeAt} generic=${generic}`;
        expect(plan, what).toMatch(/posts_feed_idx/);
        // PostgreSQL may turn the EXISTS into a hashed subplan over the viewer's likes; either way, by index.
        expect(plan, what).toMatch(/post_likes_(pkey|user_idx)/);
        expect(plan, what).not.toMatch(/Seq Scan on (posts|post_likes|users)/);
        expect(plan, what).not.toMatch(/Sort/);
      }
    }
  });

  it("one person's posts use posts_user_created_idx and comments use comments_post_created_idx", async () => {
    for (const generic of [false, true]) {
      const placeholders = postPageParams({ viewer: { id: 7, role: 'AL' }, authorId: 42 });
      const userPosts = await explain(t.database, postPageQuery('author', 20), { placeholders, generic });
      expect(userPosts, `generic=${generic}`).toMatch(/posts_user_created_idx/);
      expect(userPosts, `generic=${generic}`).not.toMatch(/Seq Scan on posts/);
      // Whether the viewer may see the author is read once per page (an InitPlan), not once per
      // post: a custom plan filters the whole page with it (One-Time Filter); a generic plan, where
      // the space rule and the administrator's placeholder sit beside it, reads its one result in
      // the row filter. (PostgreSQL 15 names the InitPlan's result $n, 17 `(InitPlan n).col1`.)
      expect(userPosts, `generic=${generic}`).toMatch(/InitPlan \d+/);
      expect(userPosts, `generic=${generic}`).toMatch(
        generic
          ? /Filter: .*COALESCE\((\$\d+|\(InitPlan \d+\)\.col1), true\)/
          : /One-Time Filter: .*COALESCE\((\$\d+|\(InitPlan \d+\)\.col1), true\)/,
      );
    }
    const thread = await explain(t.database, commentsQuery(t.db, { viewer: { id: 7, role: 'TR' }, postId: 42, take: 21 }));
    expect(thread).toMatch(/comments_post_created_idx/);
    expect(thread).not.toMatch(/Seq Scan on comments/);
  });
});
