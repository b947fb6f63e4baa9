import { beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, createPost, createUser, useRecordingTestApp, type TestUser } from '../../test/index';

// A space's feed: the page's statement finds the space by its slug itself; a first page is answered
// from the space's kept head (decision 065), read once by that statement, then one statement of the
// viewer's part per request. Only an empty page asks whether the space exists (404 for an unknown slug).
// Heads are filled at once here, without the quiet after a change (post-heads.test.ts has it).
const { t, statementsOf } = useRecordingTestApp(/"(posts|communities)"/, { postHeadFillQuietMs: 0 });
let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
});

const spaceFeed = (slug: string) => statementsOf(viewer, `/api/communities/${slug}/posts/`);

describe('GET /api/communities/{slug}/posts/ round trips', () => {
  it("answers a page with posts from the kept head and one statement of the viewer's part", async () => {
    const space = await createCommunity(t.db);
    const author = await createUser(t.db);
    await createPost(t.db, { userId: author.id, communityId: space.id, caption: 'Hello space', image: 'posts/x.webp' });
    const { response, statements } = await spaceFeed(space.slug);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: unknown[] }>().results).toHaveLength(1);
    // The head read once, and the viewer's part.
    expect(statements).toBe(2);
    const again = await spaceFeed(space.slug);
    expect(again.response.json()).toEqual(response.json());
    expect(again.statements).toBe(1);
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
