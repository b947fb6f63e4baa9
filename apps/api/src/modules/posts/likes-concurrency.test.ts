import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postLikes, posts } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, type TestApp } from '../../test/index';

let t: TestApp;
let people: { authorization: string }[];
let postId: number;

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db);
  const post = await createPost(t.db, { userId: author.id, caption: 'Popular', image: 'posts/p.webp' });
  postId = post.id;
  people = [];
  for (let index = 0; index < 75; index += 1) people.push(await authHeader(t.app, await createUser(t.db)));
});
afterAll(() => t.close());

async function state() {
  const [row] = await t.db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  const [likes] = await t.db.select({ rows: count() }).from(postLikes).where(eq(postLikes.postId, postId));
  return { likesCount: row?.likesCount, likeRows: likes?.rows };
}

function toggle(headers: { authorization: string }) {
  return t.app.inject({ method: 'POST', url: `/social/posts/${postId}/like/`, headers });
}

describe(`concurrent like toggles (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('50 people liking at once leave likes_count equal to the like rows', async () => {
    const responses = await Promise.all(people.slice(0, 50).map(toggle));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.every((response) => response.json().liked === true)).toBe(true);
    expect(await state()).toEqual({ likesCount: 50, likeRows: 50 });
  });

  it('mixed likes, unlikes and double toggles at once stay consistent', async () => {
    // 25 unlike, 25 newcomers like, and 10 people toggle twice in parallel.
    const requests = [...people.slice(0, 25), ...people.slice(50, 75), ...people.slice(25, 35), ...people.slice(25, 35)];
    const responses = await Promise.all(requests.map(toggle));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const final = await state();
    expect(final.likesCount).toBe(final.likeRows);
    // 50 - 25 + 25; each double toggle cancels out.
    expect(final.likeRows).toBe(50);
  });

  it('simultaneous toggles by one person act one after the other', async () => {
    const person = people[40];
    if (!person) throw new Error('no person');
    const before = (await state()).likeRows ?? 0;
    // 20 toggles at once: serialised, they alternate like/unlike, so exactly half say liked and the
    // person ends where they started.
    const responses = await Promise.all(Array.from({ length: 20 }, () => toggle(person)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(responses.filter((response) => response.json().liked === true)).toHaveLength(10);
    expect(await state()).toEqual({ likesCount: before, likeRows: before });
  });
});
