import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, useTestApp, createUser, createUserSettings, type TestUser } from '../../test/index';

const t = useTestApp();
let headers: { authorization: string };
let priya: TestUser;
let rossi: TestUser;

beforeAll(async () => {
  const searcher = await createUser(t.db, { firstName: 'Searcher', lastName: 'Person', email: 'searcher@test.example' });
  headers = await authHeader(t.app, searcher);
  priya = await createUser(t.db, { firstName: 'Priya', lastName: 'Sharma', email: 'priya.sharma@example.com', image: 'avatars/p.webp' });
  rossi = await createUser(t.db, { firstName: 'Sofia', lastName: 'Rossi', email: 'sofia.r@mail.example', role: 'AL' });
  await createUser(t.db, { firstName: 'Marisa', lastName: 'Tomei', email: 'marisa@example.com' });
  await createUser(t.db, { firstName: 'Hidden', lastName: 'Unverified', email: 'hidden@example.com', verified: false });
  await createUser(t.db, { firstName: 'Hidden', lastName: 'Inactive', email: 'gone@example.com', isActive: false });
  await createUser(t.db, { firstName: '100%', lastName: 'Under_score', email: 'odd@example.com' });
});

async function search(q: string, url = '/api/search-users/') {
  const response = await t.app.inject({ url: `${url}?q=${encodeURIComponent(q)}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; first_name: string; last_name: string; email: string }[];
}
const names = (results: { first_name: string }[]) => results.map((user) => user.first_name);

describe('people search', () => {
  it('matches a substring of first name, last name or e-mail, case-insensitively, on both paths', async () => {
    expect(names(await search('RIY'))).toEqual(['Priya']);
    expect(names(await search('oss'))).toEqual(['Sofia']);
    expect(names(await search('MAIL.EXAMPLE'))).toEqual(['Sofia']);
    expect(names(await search('riya', '/users/search-users/'))).toEqual(['Priya']);
  });

  it('finds a person by the name they changed to, and no longer by the old one (the stored search text follows)', async () => {
    const renamed = await createUser(t.db, { firstName: 'Quillon', lastName: 'Brightwater', email: 'qb@mail.example' });
    expect(names(await search('illo'))).toEqual(['Quillon']);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/social/user-profiles/update-me/',
      payload: { first_name: 'Zephyrine' },
      headers: await authHeader(t.app, renamed),
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(names(await search('illo'))).toEqual([]);
    expect(names(await search('phyri'))).toEqual(['Zephyrine']);
    expect(names(await search('ightwa'))).toEqual(['Zephyrine']);
  });

  it('answers the user summary shape', async () => {
    const [first] = await search('priya');
    expect(first).toEqual({
      id: priya.id,
      username: priya.username,
      email: 'priya.sharma@example.com',
      first_name: 'Priya',
      last_name: 'Sharma',
      handle: null,
      role: 'TR',
      image: '/media/avatars/p.webp',
      profile: { profile_image: '/media/avatars/p.webp' },
    });
  });

  it('finds the exact id first when q is digits', async () => {
    const results = await search(String(rossi.id));
    expect(results[0]?.id).toBe(rossi.id);
    expect(await search('99999999999')).toEqual([]);
  });

  it('ranks prefix matches before other substrings', async () => {
    // "Aros" is more similar to "ros" by trigrams, but the prefix matches come first.
    const aros = await createUser(t.db, { firstName: 'Aros', lastName: 'Quinn', email: 'aq@test.example' });
    await createUser(t.db, { firstName: 'Rosalindabernadette', lastName: 'Long', email: 'rl@test.example' });
    const results = names(await search('ros'));
    expect(results.slice(0, 2).sort()).toEqual(['Rosalindabernadette', 'Sofia']);
    expect(results[2]).toBe(aros.firstName);
    expect(results).toHaveLength(3);
  });

  it('with more prefix matches than a page, ranks the closest names first and still fills the page with prefix matches', async () => {
    // 60 people whose names only start with "Quill" (three times the prefix candidates of a column), one named exactly so.
    for (let index = 0; index < 60; index += 1) {
      await createUser(t.db, {
        firstName: `Quillon${String(index).padStart(2, '0')}`,
        lastName: 'Many',
        email: `quill${index}@many.example`,
      });
    }
    const exact = await createUser(t.db, { firstName: 'Quill', lastName: 'Exact', email: 'zz-exact@many.example' });
    const hiddenTwin = await createUser(t.db, { firstName: 'Quill', lastName: 'Gone', email: 'zz-gone@many.example', isActive: false });
    const results = await search('quill');
    expect(results).toHaveLength(20);
    expect(results[0]?.id).toBe(exact.id);
    expect(results.map((user) => user.id)).not.toContain(hiddenTwin.id);
    expect(results.every((user) => user.first_name.toLowerCase().startsWith('quill'))).toBe(true);
  });

  it('type-ahead texts without three letters or digits in a row find the start of a name or e-mail, or the id, and no more', async () => {
    const anders = await createUser(t.db, { firstName: 'Anders', lastName: 'Berg', email: 'anders@type.example' });
    const joanne = await createUser(t.db, { firstName: 'Joanne', lastName: 'Berg', email: 'joanne@type.example' });
    const agent = await createUser(t.db, { firstName: 'Agent', lastName: 'Seven', email: `agent${anders.id}@type.example` });
    const obrien = await createUser(t.db, { firstName: 'Dara', lastName: "O'Brien", email: 'dara@type.example' });
    await createUser(t.db, { firstName: 'Leo', lastName: 'Bro', email: 'leo.bro@type.example' });
    const ids = async (q: string) => (await search(q)).map((user) => user.id);
    // "an" is inside Joanne and "ne" ends it; only people whose name or e-mail starts so are listed.
    expect(await ids('an')).toEqual([anders.id]);
    expect(await ids('AN')).toEqual([anders.id]);
    expect(await ids('ne')).toEqual([]);
    // Digits: the person with that id, not every e-mail that contains them.
    expect(await ids(String(anders.id))).toEqual([anders.id]);
    expect(await ids(String(agent.id))).toEqual([agent.id]);
    // Punctuation between short runs: the start of the last name, not everyone with a word starting "br".
    expect(await ids("o'br")).toEqual([obrien.id]);
    // Three letters in a row still find substrings, ranked after prefix matches.
    expect(await ids('ann')).toEqual([joanne.id]);
    expect((await ids('and')).slice(0, 1)).toEqual([anders.id]);
  });

  it('answers [] for blank q and excludes unverified or inactive people', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    const none = await t.app.inject({ url: '/api/search-users/', headers });
    expect(none.json()).toEqual([]);
    expect(await search('hidden')).toEqual([]);
  });

  it('matches LIKE wildcards literally', async () => {
    expect(names(await search('100%'))).toEqual(['100%']);
    expect(await search('100_')).toEqual([]);
    expect(names(await search('under_'))).toEqual(['100%']);
    expect(names(await search('der_sc'))).toEqual(['100%']);
    expect(await search('der%sc')).toEqual([]);
    // One or two characters find the start of a name or e-mail only: nobody's starts with a wildcard.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('\\')).toEqual([]);
  });

  it('answers at most 20 people', async () => {
    for (let index = 0; index < 25; index += 1) await createUser(t.db, { firstName: `Crowd${index}`, lastName: 'Member' });
    expect(await search('crowd')).toHaveLength(20);
  });

  it('answers a text whose trigrams most people share from the sampled people, and a rare one from the trigram indexes, alike', async () => {
    const repository = t.ctx.repositories.search;
    for (let index = 0; index < 21; index += 1) {
      await createUser(t.db, { firstName: `Sampled${index}`, lastName: 'Walker', email: `w${index}@walkdomain.example` });
    }
    await repository.sampleCommonTrigrams();
    expect(repository.searchKindOf('walkdomain')).toBe('sampled');
    // Every trigram common ("walkdomain"), but fewer than a page of the walked people contain the
    // text (one): the walk would not fill the page, so the trigram indexes answer it alone.
    expect(repository.searchKindOf('w1@walkdomain')).toBe('trigram');
    expect(repository.searchKindOf('qxvqxv')).toBe('trigram');
    expect(repository.searchKindOf('wa')).toBe('prefix');
    expect(await repository.searchPeople('qxvqxv', { id: 1, role: 'AL' })).toEqual([]);
    const viaSample = names(await search('walkdomain'));
    expect(viaSample).toHaveLength(20);
    expect(viaSample.every((name) => name.startsWith('Sampled'))).toBe(true);
    expect(names(await search('w1@walkdomain'))).toEqual(['Sampled1']);
  });

  it('answers from the sampled ids only the people who still match and whom the viewer may see (a stale sample)', async () => {
    const repository = t.ctx.repositories.search;
    const people: TestUser[] = [];
    for (let index = 0; index < 22; index += 1) {
      people.push(await createUser(t.db, { firstName: `Stale${index}`, lastName: 'Sample', email: `s${index}@staledomain.example` }));
    }
    await repository.sampleCommonTrigrams();
    expect(repository.searchKindOf('staledomain')).toBe('sampled');
    // After the sample: one no longer matches, one hides their profile. The sample still names both.
    const [renamed, hidden] = people;
    await t.db.execute(sql`update users set email = 'moved@elsewhere.example' where id = ${renamed!.id}`);
    await createUserSettings(t.db, { userId: hidden!.id, profileVisibility: 'Private' });
    const found = names(await search('staledomain'));
    expect(found).toHaveLength(20);
    expect(found).not.toContain('Stale0');
    expect(found).not.toContain('Stale1');
  });

  it('refuses anonymous callers and over-long queries', async () => {
    expect((await t.app.inject({ url: '/api/search-users/?q=a' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/search-users/?q=${'a'.repeat(201)}`, headers })).statusCode).toBe(400);
  });
});

describe('people search over the career fields', () => {
  it('finds people by company, job title or headline; a hidden company only by those who may see it', async () => {
    const careerist = await createUser(t.db, {
      firstName: 'Careerist',
      lastName: 'One',
      email: 'c1@career.example',
      company: 'Zynthex Labs',
      jobTitle: 'Quantarian Engineer',
      headline: 'Builds vorpal pipelines',
    });
    expect(names(await search('zynthex'))).toEqual(['Careerist']);
    expect(names(await search('QUANTARIAN'))).toEqual(['Careerist']);
    expect(names(await search('vorpal pipe'))).toEqual(['Careerist']);
    const guarded = await createUser(t.db, { firstName: 'Guarded', lastName: 'Two', email: 'g2@career.example', company: 'Hushcorp' });
    await createUserSettings(t.db, { userId: guarded.id, companyVisibleTo: 'only_me' });
    expect(names(await search('hushcorp'))).toEqual([]);
    const admin = await createUser(t.db, { role: 'AD' });
    const asAdmin = await t.app.inject({ url: '/api/search-users/?q=hushcorp', headers: await authHeader(t.app, admin) });
    expect(asAdmin.json().map((user: { id: number }) => user.id)).toEqual([guarded.id]);
    void careerist;
  });
});
