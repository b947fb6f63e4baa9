import type { DirectoryFacets, DirectoryPage } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createConversation,
  useTestApp,
  createUser,
  createUserSettings,
  type CreateUserOptions,
  type TestUser,
} from '../../test/index';

const t = useTestApp();
let viewer: TestUser;
let admin: TestUser;
let headers: { authorization: string };
let adminHeaders: { authorization: string };
const people: Record<string, TestUser> = {};

/** Everyone sits in company "Dir<tag>" variants so other files' people never mix in (one database per file anyway). */
async function person(name: string, options: CreateUserOptions) {
  people[name] = await createUser(t.db, { firstName: name, lastName: 'Person', ...options });
}

beforeAll(async () => {
  viewer = await createUser(t.db, { firstName: 'Viewer', lastName: 'Self', role: 'TR' });
  admin = await createUser(t.db, { firstName: 'Admin', lastName: 'Root', role: 'AD' });
  headers = await authHeader(t.app, viewer);
  adminHeaders = await authHeader(t.app, admin);
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  await person('Ada', {
    role: 'AL',
    company: 'Acme',
    cohortYear: 2022,
    location: 'Pune',
    skills: 'React, TypeScript',
    openToReferrals: true,
    headline: 'Frontend lead',
    jobTitle: 'Engineer',
    createdAt: day(1),
  });
  await person('Ben', { role: 'AL', company: 'acme', cohortYear: 2021, location: 'pune', skills: 'Go, SQL', createdAt: day(2) });
  await person('Cleo', {
    role: 'AL',
    company: 'Globex',
    cohortYear: 2022,
    location: 'Berlin',
    skills: 'react native, SQL',
    openToReferrals: true,
    createdAt: day(3),
  });
  await person('Dev', { role: 'IN', company: 'Globex', cohortYear: 2023, location: 'Pune', skills: 'Python', createdAt: day(4) });
  await person('Eve', { role: 'TR', company: '', cohortYear: 2023, location: '', skills: '', createdAt: day(5) });
  // Never listed (for a non-admin viewer), in results or counts:
  await person('Inactive', {
    role: 'AL',
    company: 'Acme',
    cohortYear: 2022,
    location: 'Pune',
    skills: 'React',
    isActive: false,
    createdAt: day(6),
  });
  await person('Unverified', {
    role: 'AL',
    company: 'Acme',
    cohortYear: 2022,
    location: 'Pune',
    skills: 'React',
    verified: false,
    createdAt: day(7),
  });
  await person('Unlisted', { role: 'AL', company: 'Acme', cohortYear: 2022, location: 'Pune', skills: 'React', createdAt: day(8) });
  await person('Private', { role: 'AL', company: 'Acme', cohortYear: 2022, location: 'Pune', skills: 'React', createdAt: day(9) });
  await person('Connected', { role: 'AL', company: 'Acme', cohortYear: 2022, location: 'Pune', skills: 'React', createdAt: day(10) });
  await person('Stranger', { role: 'AL', company: 'Acme', cohortYear: 2022, location: 'Pune', skills: 'React', createdAt: day(11) });
  const id = (name: string) => people[name]?.id ?? 0;
  await createUserSettings(t.db, { userId: id('Unlisted'), listedInDirectory: false });
  await createUserSettings(t.db, { userId: id('Private'), profileVisibility: 'Private' });
  await createUserSettings(t.db, { userId: id('Connected'), profileVisibility: 'Only Connections' });
  await createUserSettings(t.db, { userId: id('Stranger'), profileVisibility: 'Only Connections' });
  await createConversation(t.db, {
    userAId: Math.min(viewer.id, id('Connected')),
    userBId: Math.max(viewer.id, id('Connected')),
    bothWrote: true,
  });
});

async function list(query: string, as = headers) {
  const response = await t.app.inject({ method: 'GET', url: `/api/directory/?${query}`, headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectoryPage>();
}
const names = (page: DirectoryPage) => page.results.map((item) => item.first_name);

async function facets(query: string, as = headers) {
  const response = await t.app.inject({ method: 'GET', url: `/api/directory/facets/?${query}`, headers: as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DirectoryFacets>();
}

describe('GET /api/directory/', () => {
  it('lists active, verified, listed and visible people, newest first, with the career fields', async () => {
    const page = await list('limit=100');
    expect(names(page)).toEqual(['Admin', 'Viewer', 'Connected', 'Eve', 'Dev', 'Cleo', 'Ben', 'Ada']);
    expect(page.results.find((item) => item.first_name === 'Ada')).toEqual({
      id: people.Ada?.id,
      username: people.Ada?.username,
      first_name: 'Ada',
      last_name: 'Person',
      role: 'AL',
      image: null,
      headline: 'Frontend lead',
      company: 'Acme',
      job_title: 'Engineer',
      location: 'Pune',
      cohort_year: 2022,
      skills: ['React', 'TypeScript'],
      open_to_referrals: true,
    });
  });

  it('an admin sees hidden people but never unlisted, inactive or unverified ones', async () => {
    expect(names(await list('company=acme&limit=100', adminHeaders))).toEqual(['Stranger', 'Connected', 'Private', 'Ben', 'Ada']);
  });

  it('filters AND together; company, location and skill match case-insensitively and whole-value', async () => {
    expect(names(await list('company=ACME'))).toEqual(['Connected', 'Ben', 'Ada']);
    expect(names(await list('company=Acm'))).toEqual([]);
    expect(names(await list('location=PUNE&role=AL'))).toEqual(['Connected', 'Ben', 'Ada']);
    expect(names(await list('skill=react'))).toEqual(['Connected', 'Ada']);
    expect(names(await list('skill=React%20Native'))).toEqual(['Cleo']);
    expect(names(await list('skill=sql&cohort_year=2022'))).toEqual(['Cleo']);
    expect(names(await list('open_to_referrals=true'))).toEqual(['Cleo', 'Ada']);
    expect(names(await list('open_to_referrals=true&company=globex&cohort_year=2022&role=AL&location=berlin&skill=SQL'))).toEqual(['Cleo']);
    expect(names(await list('role=IN&company=Acme'))).toEqual([]);
  });

  it('q is a name substring, every word in the first or last name', async () => {
    expect(names(await list('q=le'))).toEqual(['Cleo']);
    expect(names(await list('q=CLEO%20pers'))).toEqual(['Cleo']);
    expect(names(await list('q=%25'))).toEqual([]);
    expect(names(await list('q=person&role=IN'))).toEqual(['Dev']);
  });

  it('pages with a cursor, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: DirectoryPage = await list(`limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.results.length).toBeLessThanOrEqual(3);
      seen.push(...names(page));
      cursor = page.next;
    } while (cursor !== null);
    expect(seen).toEqual(['Admin', 'Viewer', 'Connected', 'Eve', 'Dev', 'Cleo', 'Ben', 'Ada']);
  });

  it('answers 400 with field errors for bad filters and cursors, 401 without a token', async () => {
    for (const query of [
      'role=XX',
      'cohort_year=abc',
      'cohort_year=1800',
      'limit=0',
      'limit=101',
      'open_to_referrals=yes',
      `company=${'x'.repeat(101)}`,
      'cursor=nope',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/directory/?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>()).length, query).toBeGreaterThan(0);
    }
    const facetsBad = await t.app.inject({ method: 'GET', url: '/api/directory/facets/?role=XX', headers });
    expect(facetsBad.statusCode).toBe(400);
    expect(facetsBad.json()).toHaveProperty('role');
    for (const url of ['/api/directory/', '/api/directory/facets/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    }
  });

  it('treats blank filters as no filter', async () => {
    expect(names(await list('company=&role=&cohort_year=&open_to_referrals=&q=%20&limit=100'))).toHaveLength(8);
  });
});

describe('GET /api/directory/facets/', () => {
  it('counts only listed people, most common first; companies and skills group case-insensitively', async () => {
    const all = await facets('');
    expect(all.role).toEqual([
      { value: 'AL', count: 4 },
      { value: 'TR', count: 2 },
      { value: 'AD', count: 1 },
      { value: 'IN', count: 1 },
    ]);
    expect(all.company).toEqual([
      { value: 'Acme', count: 3 },
      { value: 'Globex', count: 2 },
    ]);
    expect(all.cohort_year).toEqual([
      { value: 2022, count: 3 },
      { value: 2023, count: 2 },
      { value: 2021, count: 1 },
    ]);
    expect(all.location).toEqual([
      { value: 'Pune', count: 4 },
      { value: 'Berlin', count: 1 },
    ]);
    expect(all.skill).toEqual([
      { value: 'React', count: 2 },
      { value: 'SQL', count: 2 },
      { value: 'Go', count: 1 },
      { value: 'Python', count: 1 },
      { value: 'react native', count: 1 },
      { value: 'TypeScript', count: 1 },
    ]);
  });

  it('each facet applies every filter but its own', async () => {
    const result = await facets('company=acme&cohort_year=2022');
    // company facet: cohort 2022 only (Ada, Connected at Acme; Cleo at Globex)
    expect(result.company).toEqual([
      { value: 'Acme', count: 2 },
      { value: 'Globex', count: 1 },
    ]);
    // cohort facet: Acme only (Ada 2022, Connected 2022, Ben 2021)
    expect(result.cohort_year).toEqual([
      { value: 2022, count: 2 },
      { value: 2021, count: 1 },
    ]);
    // the others: both filters
    expect(result.role).toEqual([{ value: 'AL', count: 2 }]);
    expect(result.skill).toEqual([
      { value: 'React', count: 2 },
      { value: 'TypeScript', count: 1 },
    ]);
    const bySkill = await facets('skill=sql');
    expect(bySkill.skill.map((item) => item.value)).toContain('Python');
    expect(bySkill.company).toEqual([
      { value: 'acme', count: 1 },
      { value: 'Globex', count: 1 },
    ]);
  });

  it("shared counts never carry one viewer's connections to another", async () => {
    const outsider = await createUser(t.db, { role: 'TR', firstName: 'Out', lastName: 'Sider' });
    const outsiderHeaders = await authHeader(t.app, outsider);
    expect((await facets('')).company[0]).toEqual({ value: 'Acme', count: 3 });
    expect((await facets('', outsiderHeaders)).company[0]).toEqual({ value: 'Acme', count: 2 });
    expect(names(await list('company=acme', outsiderHeaders))).toEqual(['Ben', 'Ada']);
  });

  it('an admin counts hidden people too, never unlisted, inactive or unverified ones', async () => {
    const result = await facets('company=acme', adminHeaders);
    expect(result.role).toEqual([{ value: 'AL', count: 5 }]);
  });
});

describe('per-field privacy (DESIGN 8.4) in the directory', () => {
  let hidden: TestUser;
  let friend: TestUser;
  let outsiderHeaders: { authorization: string };

  beforeAll(async () => {
    const career = { role: 'AL' as const, company: 'Initech', location: 'Lyon', cohortYear: 2018, skills: 'Cobol, Fortran' };
    hidden = await createUser(t.db, { firstName: 'Guarded', lastName: 'Stranger', ...career });
    friend = await createUser(t.db, { firstName: 'Guarded', lastName: 'Friend', ...career });
    await createUserSettings(t.db, {
      userId: hidden.id,
      companyVisibleTo: 'connections',
      skillsVisibleTo: 'only_me',
      cohortYearVisibleTo: 'only_me',
    });
    await createUserSettings(t.db, { userId: friend.id, companyVisibleTo: 'connections', skillsVisibleTo: 'connections' });
    await createConversation(t.db, { userAId: Math.min(viewer.id, friend.id), userBId: Math.max(viewer.id, friend.id), bothWrote: true });
    outsiderHeaders = await authHeader(t.app, await createUser(t.db, { role: 'TR', firstName: 'Other', lastName: 'Outsider' }));
  });

  it('results leave hidden fields empty; the person still appears', async () => {
    const page = await list('q=guarded');
    const byName = Object.fromEntries(page.results.map((item) => [item.last_name, item]));
    expect(byName.Stranger).toMatchObject({ company: '', location: 'Lyon', cohort_year: null, skills: [] });
    expect(byName.Friend).toMatchObject({ company: 'Initech', location: 'Lyon', cohort_year: 2018, skills: ['Cobol', 'Fortran'] });
    const asAdmin = await list('q=guarded', adminHeaders);
    expect(asAdmin.results.find((item) => item.last_name === 'Stranger')).toMatchObject({
      company: 'Initech',
      skills: ['Cobol', 'Fortran'],
    });
  });

  it('a filter on a hidden field never finds the person', async () => {
    expect((await list('company=initech')).results.map((item) => item.last_name)).toEqual(['Friend']);
    expect((await list('skill=cobol')).results.map((item) => item.last_name)).toEqual(['Friend']);
    expect((await list('company=initech', outsiderHeaders)).results).toEqual([]);
    expect((await list('cohort_year=2018&location=lyon', outsiderHeaders)).results.map((item) => item.last_name)).toEqual(['Friend']);
  });

  it('facets count a field only where the viewer may see it', async () => {
    const mine = await facets('location=lyon');
    expect(mine.company).toEqual([{ value: 'Initech', count: 1 }]);
    expect(mine.skill).toEqual([
      { value: 'Cobol', count: 1 },
      { value: 'Fortran', count: 1 },
    ]);
    expect(mine.cohort_year).toEqual([{ value: 2018, count: 1 }]);
    expect(mine.role).toEqual([{ value: 'AL', count: 2 }]);
    const theirs = await facets('location=lyon', outsiderHeaders);
    expect(theirs.company).toEqual([]);
    expect(theirs.skill).toEqual([]);
    expect(theirs.cohort_year).toEqual([{ value: 2018, count: 1 }]);
    expect(theirs.role).toEqual([{ value: 'AL', count: 2 }]);
    // Filtering on a hidden field counts nobody through it.
    expect((await facets('company=initech', outsiderHeaders)).role).toEqual([]);
    expect((await facets('company=initech')).role).toEqual([{ value: 'AL', count: 1 }]);
    const admin = await facets('location=lyon', adminHeaders);
    expect(admin.company).toEqual([{ value: 'Initech', count: 2 }]);
  });
});

/** Runs `change` with the announcement of directory changes (migration 0040) switched off. */
async function unannounced(change: () => Promise<unknown>) {
  await t.db.execute(sql`alter table users disable trigger users_announce_directory_change`);
  try {
    await change();
  } finally {
    await t.db.execute(sql`alter table users enable trigger users_announce_directory_change`);
  }
}

describe('the facet cache', () => {
  it('keys a name search by the words it matches (lower-cased, at most five), so variations share one entry', async () => {
    await person('Cachequinn', { role: 'IN', company: 'Cacheco' });
    const first = await facets('q=cachequinn');
    expect(first.role).toEqual([{ value: 'IN', count: 1 }]);
    // A second match appears unannounced (decision 046: an announced one drops every entry), so
    // every variation of the same words still answers the entry.
    await unannounced(() => person('Cachequinn2', { role: 'IN', company: 'Cacheco' }));
    for (const q of ['CACHEQUINN', '%20cachequinn%20%20', 'Cachequinn']) {
      expect((await facets(`q=${q}`)).role, q).toEqual([{ value: 'IN', count: 1 }]);
    }
    // Only the first five words are matched: a sixth does not change the search, nor its entry.
    const five = 'c%20e%20n%20p%20cachequinn';
    expect((await facets(`q=${five}`)).role).toEqual([{ value: 'IN', count: 2 }]);
    await unannounced(() => person('Cachequinn3', { role: 'IN', company: 'Cacheco' }));
    expect((await facets(`q=${five}%20zzz`)).role).toEqual([{ value: 'IN', count: 2 }]);
  });
});
