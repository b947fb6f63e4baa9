import type { DirectoryPage } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userSkills, users } from '../../db/schema/index';
import { authHeader, createUser, createUserSettings, useTestApp } from '../../test/index';

// A skill's page walks user_skills (migration 0041, decision record 042): the table follows every
// change of a person's skills in the same transaction, so the page is exactly the skill filter.
const t = useTestApp();
let headers: { authorization: string };
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

beforeAll(async () => {
  headers = await authHeader(t.app, await createUser(t.db, { firstName: 'Skill', lastName: 'Viewer', role: 'TR' }));
});

async function list(query: string): Promise<DirectoryPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/directory/?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectoryPage>();
}
const namesOf = async (query: string) => (await list(query)).results.map((item) => item.first_name);

/** Every page of a query, `limit` people at a time, following the cursor. */
async function allPages(query: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: DirectoryPage = await list(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    seen.push(...page.results.map((item) => item.first_name));
    cursor = page.next;
  } while (cursor !== null);
  return seen;
}

/** user_skills as the trigger keeps it, against the items of every person's skills and their other whole-value filters. */
async function skillRowsMatchUsers() {
  const person = sql`distinct item, created_at, id, lower(company), lower(location), cohort_year, role, open_to_referrals
    from ${users}, unnest(string_to_array(lower(skills), ', ')) as item`;
  const kept = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from (
      (select skill, created_at, user_id, company, location, cohort_year, role, open_to_referrals from ${userSkills}
        except select ${person})
      union all
      (select ${person}
        except select skill, created_at, user_id, company, location, cohort_year, role, open_to_referrals from ${userSkills})) as differences`);
  expect(kept.rows[0]?.n).toBe(0);
}

describe('the skill filter over user_skills', () => {
  it('follows a change of skills, of the join date and a deletion at once, each item once however it is written', async () => {
    const zed = await createUser(t.db, {
      firstName: 'Zedskill',
      lastName: 'One',
      skills: 'Zigskill, zigskill, Odinskill',
      createdAt: day(1),
    });
    expect(await namesOf('skill=zigskill')).toEqual(['Zedskill']);
    expect(await namesOf('skill=ODINSKILL')).toEqual(['Zedskill']);

    await t.db.update(users).set({ skills: 'Odinskill' }).where(eq(users.id, zed.id));
    expect(await namesOf('skill=zigskill')).toEqual([]);
    expect(await namesOf('skill=odinskill')).toEqual(['Zedskill']);

    const yan = await createUser(t.db, { firstName: 'Yanskill', lastName: 'Two', skills: 'Odinskill', createdAt: day(2) });
    expect(await namesOf('skill=odinskill')).toEqual(['Yanskill', 'Zedskill']);
    // The page order is the join date's: a changed created_at moves the person's skill rows with it.
    await t.db
      .update(users)
      .set({ createdAt: day(3) })
      .where(eq(users.id, zed.id));
    expect(await namesOf('skill=odinskill')).toEqual(['Zedskill', 'Yanskill']);

    await t.db.update(users).set({ skills: '' }).where(eq(users.id, yan.id));
    expect(await namesOf('skill=odinskill')).toEqual(['Zedskill']);
    await t.db.delete(users).where(eq(users.id, zed.id));
    expect(await namesOf('skill=odinskill')).toEqual([]);
    await skillRowsMatchUsers();
  });

  it('pages through a skill with the cursor in page order, without repeats or gaps, with a second filter too', async () => {
    for (let n = 1; n <= 7; n += 1) {
      await createUser(t.db, {
        firstName: `Pageskill${n}`,
        lastName: 'Person',
        skills: n % 2 === 0 ? 'Pageskill, Go' : 'Go, pageskill',
        location: n % 2 === 0 ? 'Lima' : 'Quito',
        createdAt: day(10 + n),
      });
    }
    expect(await allPages('skill=pageskill', 2)).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => `Pageskill${n}`));
    expect(await allPages('skill=pageskill&location=lima', 2)).toEqual([6, 4, 2].map((n) => `Pageskill${n}`));
    await skillRowsMatchUsers();
  });

  it("follows a change of the person's other filters at once: a skill with a company, location, year, role or referrals", async () => {
    const mover = await createUser(t.db, {
      firstName: 'Moverskill',
      lastName: 'One',
      skills: 'Moveskill',
      company: 'Acme',
      location: 'Oslo',
      cohortYear: 2015,
      role: 'AL',
      openToReferrals: false,
    });
    expect(await namesOf('skill=moveskill&company=acme&location=OSLO&cohort_year=2015&role=AL&open_to_referrals=false')).toEqual([
      'Moverskill',
    ]);
    await t.db
      .update(users)
      .set({ company: 'Initech', location: 'Lima', cohortYear: 2016, role: 'IN', openToReferrals: true })
      .where(eq(users.id, mover.id));
    expect(await namesOf('skill=moveskill&company=acme')).toEqual([]);
    expect(await namesOf('skill=moveskill&location=oslo')).toEqual([]);
    expect(await namesOf('skill=moveskill&cohort_year=2015')).toEqual([]);
    expect(await namesOf('skill=moveskill&role=AL')).toEqual([]);
    expect(await namesOf('skill=moveskill&open_to_referrals=false')).toEqual([]);
    expect(await namesOf('skill=moveskill&company=INITECH&location=lima&cohort_year=2016&role=IN&open_to_referrals=true')).toEqual([
      'Moverskill',
    ]);
    await skillRowsMatchUsers();
  });

  it('matches nobody through skills the viewer may not see, as before', async () => {
    const hidden = await createUser(t.db, { firstName: 'Hiddenskill', lastName: 'Person', skills: 'Secretskill' });
    expect(await namesOf('skill=secretskill')).toEqual(['Hiddenskill']);
    await createUserSettings(t.db, { userId: hidden.id, skillsVisibleTo: 'only_me' });
    expect(await namesOf('skill=secretskill')).toEqual([]);
  });
});
