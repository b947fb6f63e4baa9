import type { DirectoryPage } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { useDirectoryPeople } from './directory.test-helpers';

const { t, who, people, list, names } = useDirectoryPeople();

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
    expect(names(await list('company=acme&limit=100', who.adminHeaders))).toEqual(['Stranger', 'Connected', 'Private', 'Ben', 'Ada']);
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
      const response = await t.app.inject({ method: 'GET', url: `/api/directory/?${query}`, headers: who.headers });
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<Record<string, unknown>>()).length, query).toBeGreaterThan(0);
    }
    const facetsBad = await t.app.inject({ method: 'GET', url: '/api/directory/facets/?role=XX', headers: who.headers });
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
