import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createJob, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let board: TestApp;
let poster: TestUser;
let reader: { authorization: string };
const base = Date.UTC(2032, 0, 1);

beforeAll(async () => {
  board = await createTestApp();
  poster = await createUser(board.db, { role: 'AL' });
  reader = await authHeader(board.app, await createUser(board.db, { role: 'TR' }));
  const rows = [
    { title: 'React Developer', company: 'Pixel Labs', location: 'Pune', type: 'Full-Time' as const },
    { title: 'Data Analyst', company: 'Numbers Inc', location: 'Bengaluru', type: 'Part-Time' as const },
    { title: 'Cloud Engineer', company: 'SkyOps', location: 'Remote', type: 'Contract' as const },
    { title: 'QA Intern 100%', company: 'Testify', location: 'Pune', type: 'Part-Time' as const },
    { title: 'Backend Developer', company: 'Pixel Labs', location: 'Delhi', type: 'Full-Time' as const, status: 'closed' },
  ];
  for (const [index, row] of rows.entries()) {
    await createJob(board.db, {
      ...row,
      postedBy: poster.id,
      applyUrl: 'https://x.example.com/',
      createdAt: new Date(base + index * 1000),
    });
  }
});
afterAll(() => board.close());

describe('GET /api/jobs/', () => {
  const list = async (query = '') => {
    const response = await board.app.inject({ url: `/api/jobs/${query}`, headers: reader });
    expect(response.statusCode).toBe(200);
    return response.json() as { results: { title: string; can_edit: boolean }[]; next: string | null };
  };
  const titles = async (query = '') => (await list(query)).results.map((job) => job.title);

  it('lists open jobs only, newest first, not editable by a reader', async () => {
    const page = await list();
    expect(page.results.map((job) => job.title)).toEqual(['QA Intern 100%', 'Cloud Engineer', 'Data Analyst', 'React Developer']);
    expect(page.results.every((job) => job.can_edit === false)).toBe(true);
    expect(page.next).toBeNull();
  });

  it('filters by type; All means every type', async () => {
    expect(await titles('?type=Part-Time')).toEqual(['QA Intern 100%', 'Data Analyst']);
    expect(await titles('?type=Contract')).toEqual(['Cloud Engineer']);
    expect(await titles('?type=All')).toHaveLength(4);
  });

  it('searches title, company and location case-insensitively, with LIKE characters taken literally', async () => {
    expect(await titles('?q=DEVELOPER')).toEqual(['React Developer']);
    expect(await titles('?q=pixel')).toEqual(['React Developer']);
    expect(await titles('?q=pune')).toEqual(['QA Intern 100%', 'React Developer']);
    expect(await titles('?q=pune&type=Full-Time')).toEqual(['React Developer']);
    expect(await titles(`?q=${encodeURIComponent('100%')}`)).toEqual(['QA Intern 100%']);
    expect(await titles(`?q=${encodeURIComponent('%')}`)).toEqual(['QA Intern 100%']);
    expect(await titles('?q=nowhere')).toEqual([]);
  });

  it('pages with a cursor without gaps or repeats', async () => {
    const first = await list('?limit=3');
    expect(first.results).toHaveLength(3);
    expect(first.next).toEqual(expect.any(String));
    const second = await list(`?limit=3&cursor=${first.next}`);
    expect(second.results.map((job) => job.title)).toEqual(['React Developer']);
    expect(second.next).toBeNull();
  });

  it('answers 400 for an unknown type, a bad cursor or a bad limit', async () => {
    for (const query of ['?type=Freelance', '?cursor=nonsense', '?limit=0', '?limit=101']) {
      const response = await board.app.inject({ url: `/api/jobs/${query}`, headers: reader });
      expect(response.statusCode).toBe(400);
    }
  });

  it('requires a signed-in person', async () => {
    expect((await board.app.inject({ url: '/api/jobs/' })).statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('describes every careers and community route', async () => {
    const response = await board.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/jobs/',
        '/api/jobs/mine/',
        '/api/jobs/{id}/',
        '/api/jobs/{id}/close/',
        '/api/jobs/{id}/reopen/',
        '/api/admin/jobs/',
        '/api/referral-user/',
        '/api/referrals/',
        '/api/referrals/create/',
        '/api/referrals/mine/',
        '/api/referrals/{id}/close/',
        '/api/referrals/{id}/reopen/',
        '/api/admin/referrals/',
        '/api/communities/{slug}/',
        '/api/communities/{slug}/join/',
        '/api/communities/{slug}/leave/',
      ]),
    );
    const create = response.json().paths['/api/referrals/create/'].post;
    expect(JSON.stringify(create.requestBody)).toContain('ctc');
  });
});
