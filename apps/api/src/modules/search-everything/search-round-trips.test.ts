import type { SearchEverythingResult } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createCommunity,
  createPost,
  createTestApp,
  createUser,
  type RecordedStatement,
  type TestApp,
  type TestUser,
} from '../../test/index';

// Search everything without a type asks five kinds: one statement probes the growing kinds (people,
// posts), one searches all five, whatever the text.
let t: TestApp;
let viewer: TestUser;
const statements: RecordedStatement[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { recordStatementsInto: statements });
  viewer = await createUser(t.db);
  const person = await createUser(t.db, { firstName: 'Quillon', lastName: 'Trips' });
  await createPost(t.db, { userId: person.id, caption: 'quillon post', image: null });
  await createCommunity(t.db, { name: 'Quillon club' });
});
afterAll(() => t.close());

async function searchStatements(url: string) {
  const headers = await authHeader(t.app, viewer);
  statements.length = 0;
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode).toBe(200);
  // The route's own statements (not the authentication's session check).
  const ofRoute = statements.filter((statement) => /search_document/.test(statement.text)).length;
  return { body: response.json<SearchEverythingResult>(), statements: ofRoute };
}

describe('GET /api/search/ round trips', () => {
  it('searches every kind in two statements', async () => {
    const { body, statements: count } = await searchStatements('/api/search/?q=quillon');
    expect(body.results.map((hit) => hit.type)).toEqual(['people', 'posts', 'communities']);
    expect(count).toBe(2);
  });

  it('searches one growing kind in two statements, one other kind in one', async () => {
    expect((await searchStatements('/api/search/?q=quillon&type=posts')).statements).toBe(2);
    expect((await searchStatements('/api/search/?q=quillon&type=communities')).statements).toBe(1);
  });
});
