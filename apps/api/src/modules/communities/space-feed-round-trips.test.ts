import { beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, createPost, createUser, useRecordingTestApp, type TestUser } from '../../test/index';

// A space's feed: the page's statement finds the space by its slug itself, so a page with posts
// costs one statement; only an empty page asks whether the space exists (404 for an unknown slug).
const { t, statementsOf } = useRecordingTestApp(/"(posts|communities)"/);
let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
});

const spaceFeed = (slug: string) => statementsOf(viewer, `/api/communities/${slug}/posts/`);

describe('GET /api/communities/{slug}/posts/ round trips', () => {
  it('answers a page with posts from one statement', async () => {
    const space = await createCommunity(t.db);
    const author = await createUser(t.db);
    await createPost(t.db, { userId: author.id, communityId: space.id, caption: 'Hello space', image: 'posts/x.webp' });
    const { response, statements } = await spaceFeed(space.slug);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: unknown[] }>().results).toHaveLength(1);
    expect(statements).toBe(1);
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
