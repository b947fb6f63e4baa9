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

// A space's feed: the page's statement finds the space by its slug itself, so a page with posts
// costs one statement; only an empty page asks whether the space exists (404 for an unknown slug).
let t: TestApp;
let viewer: TestUser;
const statements: RecordedStatement[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { recordStatementsInto: statements });
  viewer = await createUser(t.db);
});
afterAll(() => t.close());

async function spaceFeed(slug: string) {
  const headers = await authHeader(t.app, viewer);
  statements.length = 0;
  const response = await t.app.inject({ method: 'GET', url: `/api/communities/${slug}/posts/`, headers });
  // The route's own statements (not the authentication's session check).
  const ofRoute = statements.filter((statement) => /"(posts|communities)"/.test(statement.text)).length;
  return { response, statements: ofRoute };
}

describe('GET /api/communities/{slug}/posts/ round trips', () => {
  it('answers a page with posts from one statement', async () => {
    const space = await createCommunity(t.db);
    const author = await createUser(t.db);
    await createPost(t.db, { userId: author.id, communityId: space.id, caption: 'Hello space', image: 'posts/x.webp' });
    const { response, statements: count } = await spaceFeed(space.slug);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: unknown[] }>().results).toHaveLength(1);
    expect(count).toBe(1);
  });

  it('tells an empty space (200) from an unknown slug (404) with one more statement', async () => {
    const space = await createCommunity(t.db);
    const empty = await spaceFeed(space.slug);
    expect(empty.response.statusCode).toBe(200);
    expect(empty.response.json()).toEqual({ results: [], next: null });
    expect(empty.statements).toBe(2);
    const unknown = await spaceFeed('no-such-space');
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.statements).toBe(2);
  });
});
