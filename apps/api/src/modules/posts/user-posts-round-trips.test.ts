import { beforeAll, describe, expect, it } from 'vitest';
import { createPost, createUser, createUserSettings, useRecordingTestApp, type TestUser } from '../../test/index';

// A person's posts: the page's statement itself leaves out a person hidden from the viewer, so a
// page with posts costs one statement; only an empty page asks whether the person is hidden.
const { t, statementsOf } = useRecordingTestApp(/\bas visible\b/);
let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
});

async function userPosts(personId: number) {
  const { response, statements } = await statementsOf(viewer, `/social/posts/user-posts/?user_id=${personId}`);
  return { response, visibilityChecks: statements };
}

describe('GET /social/posts/user-posts/ of someone else', () => {
  it('answers a page with posts from the page statement alone', async () => {
    const author = await createUser(t.db);
    await createPost(t.db, { userId: author.id, caption: 'Hello', image: 'posts/x.webp' });
    const { response, visibilityChecks } = await userPosts(author.id);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ results: unknown[] }>().results).toHaveLength(1);
    expect(visibilityChecks).toBe(0);
  });

  it('tells an empty page (200) from a hidden or unknown person (404) with one more statement', async () => {
    const quiet = await createUser(t.db);
    const empty = await userPosts(quiet.id);
    expect(empty.response.statusCode).toBe(200);
    expect(empty.response.json()).toEqual({ results: [], next: null });
    expect(empty.visibilityChecks).toBe(1);

    const hidden = await createUser(t.db);
    await createPost(t.db, { userId: hidden.id, caption: 'Secret', image: 'posts/x.webp' });
    await createUserSettings(t.db, { userId: hidden.id, profileVisibility: 'Private' });
    const refused = await userPosts(hidden.id);
    expect(refused.response.statusCode).toBe(404);
    expect(refused.response.json()).toMatchObject({ detail: 'User not found.' });
    expect((await userPosts(2_000_000)).response.statusCode).toBe(404);
  });
});
