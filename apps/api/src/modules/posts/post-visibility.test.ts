import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index';
import { authHeader, converse, createPost, useTestApp, createUser, type TestUser } from '../../test/index';

// Every route that takes a post id answers 404 to whoever may not see the post's author
// (profile visibility), as the profile and user-posts routes do: ids are sequential.

const t = useTestApp();
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  stranger = await createUser(t.db);
  admin = await createUser(t.db, { role: 'AD' });
});

type Visibility = 'Private' | 'Only Connections';

async function authorWithPost(visibility: Visibility): Promise<{ author: TestUser; postId: number }> {
  const author = await createUser(t.db);
  const post = await createPost(t.db, { userId: author.id, caption: 'hidden post', image: 'posts/x.webp' });
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/social/settings/',
    headers: await authHeader(t.app, author),
    payload: { profile_visibility: visibility },
  });
  expect(saved.statusCode).toBe(200);
  return { author, postId: post.id };
}

/** `a` and `b` write to each other: connected (a connection is mutual, DESIGN 7). */
async function connect(a: TestUser, b: TestUser) {
  await converse(t.app, a, b, { reply: true });
}

/** The status of each post-id route for `user` (the like is toggled back so counts stay put). */
async function statuses(user: TestUser, postId: number) {
  const headers = await authHeader(t.app, user);
  const comments = await t.app.inject({ url: `/social/posts/${postId}/comments/`, headers });
  const comment = await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/comment/`, headers, payload: { text: 'hello' } });
  const like = await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/like/`, headers });
  if (like.statusCode === 200) await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/like/`, headers });
  return { comments: comments.statusCode, comment: comment.statusCode, like: like.statusCode };
}

const HIDDEN = { comments: 404, comment: 404, like: 404 };
const ALLOWED = { comments: 200, comment: 201, like: 200 };

describe.each<Visibility>(['Private', 'Only Connections'])('post-id routes of a %s author', (visibility) => {
  it('answer 404 to a stranger, with nothing written', async () => {
    const { postId } = await authorWithPost(visibility);
    expect(await statuses(stranger, postId)).toEqual(HIDDEN);
    const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect([post?.likesCount, post?.commentsCount]).toEqual([0, 0]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/social/posts/${postId}/`, headers: await authHeader(t.app, stranger) });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ detail: 'Post not found.', code: 'not_found' });
  });

  it('work for the author and an admin', async () => {
    const { author, postId } = await authorWithPost(visibility);
    expect(await statuses(author, postId)).toEqual(ALLOWED);
    expect(await statuses(admin, postId)).toEqual(ALLOWED);
  });

  it(visibility === 'Private' ? 'stay hidden from a connection' : 'work for a connection', async () => {
    const { author, postId } = await authorWithPost(visibility);
    const friend = await createUser(t.db);
    await connect(author, friend);
    expect(await statuses(friend, postId)).toEqual(visibility === 'Private' ? HIDDEN : ALLOWED);
    // Someone who is not a connection still gets 404.
    expect(await statuses(stranger, postId)).toEqual(HIDDEN);
  });
});
