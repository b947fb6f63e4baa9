import type { DirectoryFilters } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, explain, type TestApp } from '../../test/index';
import { directoryPageParams, directoryPageQuery, directoryPageShape } from './directory-page.repository';
import { directoryCircleQuery, directoryFacetsQuery, type FilterParam } from './directory.repository';

// Pins the plans of the directory's prepared statements (decision 043) on a large, analysed table.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { bulkPeople: 'plain' });
  await t.db.execute(sql`vacuum analyze`);
}, 120_000);
afterAll(() => t.close());

const member = { id: 7, role: 'AL' as const };
const asPlaceholder: FilterParam = (name) => sql.placeholder(name);

/** The page statement's plan for these filters, custom (the values known) or generic (as prepared after five runs). */
const pagePlan = (filters: DirectoryFilters, generic: boolean) =>
  explain(t.database, directoryPageQuery(t.db, directoryPageShape(member, filters), 21), {
    placeholders: directoryPageParams(member, filters),
    generic,
  });

describe('directory statements on a large table', () => {
  it("a prepared page is read through its filter's own index (walked in page order, or its few matches sorted), never by a scan of users", async () => {
    const cases: [DirectoryFilters, string][] = [
      [{}, 'users_created_idx'],
      [{ company: 'Google' }, 'users_directory_company_idx'],
      [{ location: 'Pune' }, 'users_directory_location_idx'],
      [{ cohort_year: 2020 }, 'users_directory_cohort_idx'],
      [{ open_to_referrals: true }, 'users_directory_open_idx'],
    ];
    for (const [filters, index] of cases) {
      for (const generic of [false, true]) {
        const plan = await pagePlan(filters, generic);
        const what = `${JSON.stringify(filters)} generic=${generic}`;
        // A custom plan (the value known) may walk the newest first instead, for a value many people share.
        const ownIndex = new RegExp(`(Index Scan Backward using|Bitmap Index Scan on) ${index}`);
        expect(plan, what).toMatch(generic ? ownIndex : new RegExp(`${ownIndex.source}|Index Scan Backward using users_created_idx`));
        expect(plan, what).not.toMatch(/Seq Scan on users/);
      }
    }
  });

  it("two filters walk the first one's index (skill, company, location, cohort, role, open to referrals) in page order, or sort its few entries matching both: never a second index", async () => {
    const cases: [DirectoryFilters, RegExp][] = [
      [{ company: 'Google', cohort_year: 2020 }, /Index Scan Backward using users_directory_company_idx/],
      [{ company: 'Google', skill: 'react' }, /Index (Only )?Scan Backward using user_skills_directory_idx/],
      [{ company: 'Google', location: 'Pune' }, /Index Scan Backward using users_directory_company_idx/],
      [{ company: 'Google', open_to_referrals: true }, /Index Scan Backward using users_directory_company_idx/],
      [{ location: 'Pune', skill: 'react' }, /Index (Only )?Scan Backward using user_skills_directory_idx/],
      [{ location: 'Pune', cohort_year: 2020 }, /Index Scan Backward using users_directory_location_idx/],
      [{ skill: 'SQL', role: 'IN' }, /Index (Only )?Scan Backward using user_skills_directory_idx/],
      [{ skill: 'kubernetes', cohort_year: 2016 }, /Index (Only )?Scan Backward using user_skills_directory_idx/],
      // A role many share: its index or the newest first, both in page order.
      [{ role: 'AL', open_to_referrals: true }, /Index Scan Backward using users_((role_)?created|directory_open)_idx/],
    ];
    for (const [filters, walk] of cases) {
      for (const generic of [false, true]) {
        const plan = await pagePlan(filters, generic);
        const what = `${JSON.stringify(filters)} generic=${generic}`;
        // A custom plan (the values known) may walk the newest first instead, for values many people
        // share. When the planner expects fewer people to match both than a page (here: 5,000
        // people), it may read the walked index's entries matching both (one index, both its
        // conditions: migration 0048) and sort those few; never a second index.
        const walked = /using (\w+)/.exec(walk.source)?.[1] ?? '-';
        expect(plan, what).toMatch(
          new RegExp(`${walk.source}|Bitmap Index Scan on ${walked}${generic ? '' : '|Index Scan Backward using users_created_idx'}`),
        );
        expect(plan, what).not.toMatch(/BitmapAnd|Seq Scan on users|_trgm/);
        expect(plan.match(/Bitmap Index Scan/g)?.length ?? 0, what).toBeLessThanOrEqual(1);
        if (/Sort/.test(plan))
          expect(plan, what).toMatch(new RegExp(`Bitmap Index Scan on ${walked}\\s+\\(.*\\)\\s+Index Cond: .* AND .* AND `));
        expect(plan.match(/ on user_settings/g)?.length, what).toBe(1);
      }
    }
  });

  it('two whole-value filters: the other filter is a condition of the walked index, so a person who fails it is skipped there (no row read, no settings probe)', async () => {
    const cases: [DirectoryFilters, RegExp][] = [
      [{ company: 'Google', cohort_year: 2020 }, /Index Cond: .*lower\(company\) = .*cohort_year = /],
      [{ company: 'Google', location: 'Pune' }, /Index Cond: .*lower\(company\) = .*lower\(location\) = /],
      [{ company: 'Google', open_to_referrals: true }, /Index Cond: .*lower\(company\) = .*open_to_referrals = true/],
      [{ location: 'Pune', cohort_year: 2020 }, /Index Cond: .*lower\(location\) = .*cohort_year = /],
      [{ cohort_year: 2020, role: 'IN' }, /Index Cond: .*cohort_year = .*role = /],
      // A skill's rows carry the person's other whole-value filters (user_skills_directory_idx).
      [{ skill: 'react', company: 'Google' }, /Index Cond: .*skill = .*company = /],
      [{ skill: 'react', location: 'Pune' }, /Index Cond: .*skill = .*location = /],
      [{ skill: 'SQL', role: 'IN' }, /Index Cond: .*skill = .*role = /],
      [{ skill: 'kubernetes', cohort_year: 2016 }, /Index Cond: .*skill = .*cohort_year = /],
      [{ skill: 'kubernetes', open_to_referrals: true }, /Index Cond: .*skill = .*open_to_referrals = true/],
      // Or, as most people share the role, the people open to referrals newest first, each checked.
      [
        { role: 'AL', open_to_referrals: true },
        /Index Cond: .*role = .*open_to_referrals = true|Index Scan Backward using users_directory_open_idx/,
      ],
    ];
    for (const [filters, condition] of cases) {
      // The plan the app runs (prepared: generic after five executions).
      const plan = await pagePlan(filters, true);
      const what = JSON.stringify(filters);
      expect(plan, what).toMatch(condition);
      expect(plan, what).not.toMatch(/BitmapAnd|Seq Scan on users|_trgm/);
      expect(plan.match(/ on user_settings/g)?.length, what).toBe(1);
    }
  });

  it("a skill's page walks its people in page order (user_skills_pkey backward, from the cursor) and reads each by primary key", async () => {
    for (const generic of [false, true]) {
      const plan = await pagePlan({ skill: 'react' }, generic);
      expect(plan, `generic=${generic}`).toMatch(/Index (Only )?Scan Backward using user_skills_pkey/);
      expect(plan, `generic=${generic}`).toMatch(/Index Scan using users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on (users|user_skills)|users_directory_skills_gin|Sort/);
    }
  });

  it("a page reads each person's settings once (one user_settings probe for the listing rule and the four fields), whatever the filter, and never sorts a single filter's people", async () => {
    const cases: DirectoryFilters[] = [
      {},
      { company: 'Google' },
      { cohort_year: 2020 },
      { location: 'Pune' },
      { role: 'AL' },
      { skill: 'react' },
    ];
    for (const filters of cases) {
      const plan = await pagePlan(filters, true);
      const what = JSON.stringify(filters);
      expect(plan.match(/ on user_settings/g)?.length, what).toBe(1);
      expect(plan, what).not.toMatch(/Sort/);
    }
  });

  it("the viewer's circle gathers their connections' ids first, then reads each person by primary key", async () => {
    const circle = directoryCircleQuery(t.db, { id: sql.placeholder('viewerId'), role: 'AL' });
    for (const generic of [false, true]) {
      const plan = await explain(t.database, circle, { placeholders: { viewerId: 7 }, generic });
      expect(plan, `generic=${generic}`).toMatch(/Index Scan using users_pkey/);
      expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on users/);
    }
  });

  it('facets with a filter count only the people matching it by index, except the facet of that filter itself (every listed person)', async () => {
    const filters: DirectoryFilters = { company: 'google' };
    const plan = await explain(t.database, directoryFacetsQuery('public', filters, 50, asPlaceholder), {
      placeholders: directoryPageParams(member, filters),
      generic: true,
    });
    // Four facets read the company's people by its index; the company facet (every filter but its own) reads everyone once.
    expect(plan.match(/users_directory_company_idx/g)?.length).toBe(4);
    expect(plan.match(/Seq Scan on users/g)?.length).toBe(1);
  });

  it("facets with a name read the name's people once (one read of users, not one per facet); a fragment shorter than a trigram never goes through the trigram indexes", async () => {
    const cases: [DirectoryFilters, RegExp][] = [
      [{ q: 'ab', cohort_year: 2020 }, /Seq Scan on users/],
      [{ q: 'ann', cohort_year: 2020 }, /users_(first|last)_name_trgm/],
    ];
    for (const [filters, read] of cases) {
      const shape = directoryPageShape(member, filters).filters;
      const plan = await explain(t.database, directoryFacetsQuery('public', shape, 50, asPlaceholder), {
        placeholders: directoryPageParams(member, filters),
        generic: true,
      });
      const what = JSON.stringify(filters);
      expect(plan.match(/(Seq|Bitmap Heap|Index) Scan( Backward)? (using \w+ )?on users\b/g)?.length, what).toBe(1);
      expect(plan, what).toMatch(read);
      if (filters.q?.length === 2) expect(plan, what).not.toMatch(/_trgm/);
    }
  });

  it("a page's text holds the viewer's circle once and sends the viewer's id in a few parameters, whatever the filters", () => {
    // The client looks the whole text up on every execution: the rules share one circle.
    for (const filters of [{}, { company: 'Google' }, { company: 'Google', cohort_year: 2020 }, { skill: 'sql', role: 'IN' }] as const) {
      const { sql: text, params } = directoryPageQuery(t.db, directoryPageShape(member, filters), 21).toSQL();
      const what = JSON.stringify(filters);
      expect(text.match(/from "conversations"/g)?.length, what).toBe(2);
      expect(params.length, what).toBeLessThanOrEqual(11);
    }
  });
});
