import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, postLikes, posts, type PostRow } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';
import type { PostDeletedEvent } from '../../app-events';

let t: TestApp;
let author: TestUser;
let reader: TestUser;
let authorAuth: { authorization: string };
let readerAuth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  author = await createUser(t.db, { role: 'AL', firstName: 'Alex', lastName: 'Morgan', handle: 'alexm', image: 'avatars/a.webp' });
  reader = await createUser(t.db, { role: 'TR' });
  authorAuth = await authHeader(t.app, author);
  readerAuth = await authHeader(t.app, reader);
});
afterAll(() => t.close());

const base = Date.UTC(2031, 0, 1);
async function insertPosts(userId: number, count: number, options: { sameTime?: boolean; caption?: string } = {}) {
  const rows: PostRow[] = [];
  for (let index = 0; index < count; index += 1) {
    rows.push(
      await createPost(t.db, {
        userId,
        caption: `${options.caption ?? 'post'} ${index}`,
        image: `posts/${index}.webp`,
        createdAt: new Date(options.sameTime ? base - 60_000 : base + index * 1000),
      }),
    );
  }
  return rows;
}

async function createPostViaApi(caption: string, headers = authorAuth) {
  const body = multipartBody({ caption }, [imageFile(await sampleImage(3000, 1500, 'jpeg'), 'photo.jpg', 'image/jpeg')]);
  return t.app.inject({ method: 'POST', url: '/social/posts/', payload: body.payload, headers: { ...headers, ...body.headers } });
}

describe('POST /social/posts/', () => {
  it('creates a post with a re-encoded image and answers the full post shape', async () => {
    const response = await createPostViaApi('  Hello network  ');
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post).toEqual({
      id: expect.any(Number),
      user: {
        id: author.id,
        username: author.username,
        email: author.email,
        first_name: 'Alex',
        last_name: 'Morgan',
        handle: 'alexm',
        role: 'AL',
        image: '/media/avatars/a.webp',
        profile: { profile_image: '/media/avatars/a.webp' },
      },
      caption: 'Hello network',
      image: expect.stringMatching(/^\/media\/posts\/[0-9a-f]{64}\.webp$/),
      created_at: expect.any(String),
      likes_count: 0,
      comments_count: 0,
      is_liked: false,
      has_liked: false,
      // Never edited yet.
      edited_at: null,
    });
    const file = path.join(t.config.mediaDir, post.image.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    const metadata = await sharp(file).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 2048, 1024]);

    const served = await t.app.inject({ url: post.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
  });

  it("lists the new post in the feed and on the author's page exactly as it answered it (time to the millisecond)", async () => {
    const created = (await createPostViaApi('Same everywhere')).json();
    const [row] = await t.db.select({ at: posts.createdAt }).from(posts).where(eq(posts.id, created.id));
    expect(created.created_at).toBe(row?.at.toISOString());
    const feed = await t.app.inject({ url: '/social/posts/?limit=1', headers: authorAuth });
    const own = await t.app.inject({ url: '/social/posts/user-posts/?limit=1', headers: authorAuth });
    expect(feed.json().results).toEqual([created]);
    expect(own.json().results).toEqual([created]);
  });

  it('requires a caption and an image, reporting both', async () => {
    const empty = multipartBody({ caption: '   ' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/social/posts/',
      payload: empty.payload,
      headers: { ...authorAuth, ...empty.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ caption: ['This field is required.'], image: ['No file was submitted.'] });

    const long = multipartBody({ caption: 'x'.repeat(2001) }, [imageFile(await sampleImage(10, 10))]);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/social/posts/',
      payload: long.payload,
      headers: { ...authorAuth, ...long.headers },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ caption: ['Ensure this field has no more than 2000 characters.'] });
  });

  it('refuses JSON (415) and anonymous callers (401)', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/social/posts/', payload: { caption: 'x' }, headers: authorAuth });
    expect(json.statusCode).toBe(415);
    expect((await createPostViaApi('x', { authorization: '' })).statusCode).toBe(401);
  });
});

describe('GET /social/posts/ (feed)', () => {
  it('is newest first, paginates by cursor with exactly `limit` items and ends with next null', async () => {
    const other = await createUser(t.db);
    const rows = await insertPosts(other.id, 5, { caption: 'feed' });
    // Same timestamp: the id breaks the tie.
    const tied = await insertPosts(other.id, 3, { sameTime: true, caption: 'tied' });
    const expected = [...rows.slice().reverse(), ...tied.slice().reverse()].map((row) => row.id);
    const newer = (await t.app.inject({ url: '/social/posts/?limit=100', headers: readerAuth })).json();
    // These are dated 2031, so they lead the feed; posts made through the API (dated now) follow.
    const ours = newer.results.map((post: { id: number }) => post.id).filter((id: number) => expected.includes(id));
    expect(ours).toEqual(expected);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/social/posts/?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ url, headers: readerAuth })).json();
      expect(page.results.length).toBeLessThanOrEqual(4);
      if (page.next) expect(page.results).toHaveLength(4);
      seen.push(...page.results.map((post: { id: number }) => post.id));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen).toEqual(newer.results.map((post: { id: number }) => post.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('answers next null when the last page is exactly full', async () => {
    const all = (await t.app.inject({ url: '/social/posts/?limit=100', headers: readerAuth })).json();
    const count = all.results.length;
    const full = (await t.app.inject({ url: `/social/posts/?limit=${count}`, headers: readerAuth })).json();
    expect(full.results).toHaveLength(count);
    expect(full.next).toBeNull();
    const short = (await t.app.inject({ url: `/social/posts/?limit=${count - 1}`, headers: readerAuth })).json();
    expect(short.next).toEqual(expect.any(String));
    const rest = (await t.app.inject({ url: `/social/posts/?limit=${count - 1}&cursor=${short.next}`, headers: readerAuth })).json();
    expect(rest.results).toHaveLength(1);
    expect(rest.next).toBeNull();
  });

  it('rejects bad cursors and limits', async () => {
    const bad = await t.app.inject({ url: '/social/posts/?cursor=zzz', headers: readerAuth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ cursor: ['Invalid cursor.'] });
    expect((await t.app.inject({ url: '/social/posts/?limit=101', headers: readerAuth })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/social/posts/?limit=0', headers: readerAuth })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/social/posts/' })).statusCode).toBe(401);
  });
});

describe('GET /social/posts/user-posts/', () => {
  it("lists one person's posts, the caller's own without user_id", async () => {
    const poster = await createUser(t.db);
    const rows = await insertPosts(poster.id, 3);
    const posterAuth = await authHeader(t.app, poster);
    const own = (await t.app.inject({ url: '/social/posts/user-posts/', headers: posterAuth })).json();
    expect(own.results.map((post: { id: number }) => post.id)).toEqual(rows.map((row) => row.id).reverse());
    const theirs = (await t.app.inject({ url: `/social/posts/user-posts/?user_id=${poster.id}&limit=2`, headers: readerAuth })).json();
    expect(theirs.results).toHaveLength(2);
    const rest = (
      await t.app.inject({ url: `/social/posts/user-posts/?user_id=${poster.id}&limit=2&cursor=${theirs.next}`, headers: readerAuth })
    ).json();
    expect(rest.results.map((post: { id: number }) => post.id)).toEqual([rows[0]?.id]);
    expect(rest.next).toBeNull();
  });

  it('answers 404 for an unknown person and 400 for a bad id', async () => {
    expect((await t.app.inject({ url: '/social/posts/user-posts/?user_id=999999', headers: readerAuth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/social/posts/user-posts/?user_id=abc', headers: readerAuth })).statusCode).toBe(400);
  });
});

describe('likes', () => {
  it('toggles, keeps the count and marks is_liked/has_liked for the caller only', async () => {
    const [post] = await insertPosts(author.id, 1);
    if (!post) throw new Error('no post');
    const like = await t.app.inject({ method: 'POST', url: `/social/posts/${post.id}/like/`, headers: readerAuth });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ liked: true, likes_count: 1 });

    const mine = (await t.app.inject({ url: `/social/posts/user-posts/?user_id=${author.id}&limit=100`, headers: readerAuth })).json();
    const seenByReader = mine.results.find((item: { id: number }) => item.id === post.id);
    expect(seenByReader).toMatchObject({ likes_count: 1, is_liked: true, has_liked: true });
    const forAuthor = (await t.app.inject({ url: '/social/posts/user-posts/?limit=100', headers: authorAuth })).json();
    expect(forAuthor.results.find((item: { id: number }) => item.id === post.id)).toMatchObject({ likes_count: 1, is_liked: false });

    const unlike = await t.app.inject({ method: 'POST', url: `/social/posts/${post.id}/like/`, headers: readerAuth });
    expect(unlike.json()).toEqual({ liked: false, likes_count: 0 });
    expect(await t.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toHaveLength(0);
  });

  it('answers 404 for unknown posts', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/social/posts/99999999/like/', headers: readerAuth })).statusCode).toBe(404);
  });
});

describe('comments', () => {
  it('adds trimmed comments, counts them and lists them oldest first', async () => {
    const [post] = await insertPosts(author.id, 1);
    if (!post) throw new Error('no post');
    const texts = ['first', 'second', 'third'];
    for (const text of texts) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/social/posts/${post.id}/comment/`,
        payload: { text: ` ${text} ` },
        headers: readerAuth,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        text,
        post_id: post.id,
        user: { id: reader.id, email: reader.email },
        created_at: expect.any(String),
      });
    }
    const [stored] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stored?.commentsCount).toBe(3);

    const first = (await t.app.inject({ url: `/social/posts/${post.id}/comments/?limit=2`, headers: authorAuth })).json();
    expect(first.results.map((comment: { text: string }) => comment.text)).toEqual(['first', 'second']);
    const second = (
      await t.app.inject({ url: `/social/posts/${post.id}/comments/?limit=2&cursor=${first.next}`, headers: authorAuth })
    ).json();
    expect(second).toMatchObject({ results: [{ text: 'third' }], next: null });
  });

  it('validates the text and answers 404 for unknown posts', async () => {
    const [post] = await insertPosts(author.id, 1);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post?.id}/comment/`,
      payload: { text: '   ' },
      headers: readerAuth,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: ['This field is required.'] });
    const long = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post?.id}/comment/`,
      payload: { text: 'x'.repeat(2001) },
      headers: readerAuth,
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/social/posts/99999999/comment/', payload: { text: 'hi' }, headers: readerAuth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/social/posts/99999999/comments/', headers: readerAuth })).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(comments)
        .where(eq(comments.postId, post?.id ?? 0)),
    ).toHaveLength(0);
  });
});

describe('DELETE /social/posts/{id}/', () => {
  it('lets only the author delete (403 otherwise), soft-deletes, hides the post everywhere and tells listeners', async () => {
    const [post] = await insertPosts(author.id, 1);
    if (!post) throw new Error('no post');
    const events: PostDeletedEvent[] = [];
    const unsubscribe = t.ctx.events.on('post.deleted', (event) => {
      events.push(event);
    });
    try {
      const forbidden = await t.app.inject({ method: 'DELETE', url: `/social/posts/${post.id}/`, headers: readerAuth });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'permission_denied' });
      expect(events).toEqual([]);

      const deleted = await t.app.inject({ method: 'DELETE', url: `/social/posts/${post.id}/`, headers: authorAuth });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(events).toEqual([{ postId: post.id, authorId: author.id, deletedBy: author.id, reason: null, readers: 'everyone' }]);
    } finally {
      unsubscribe();
    }

    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedBy).toBe(author.id);

    const feed = (await t.app.inject({ url: '/social/posts/?limit=100', headers: readerAuth })).json();
    expect(feed.results.some((item: { id: number }) => item.id === post.id)).toBe(false);
    const own = (await t.app.inject({ url: '/social/posts/user-posts/?limit=100', headers: authorAuth })).json();
    expect(own.results.some((item: { id: number }) => item.id === post.id)).toBe(false);
    for (const request of [
      { method: 'DELETE' as const, url: `/social/posts/${post.id}/` },
      { method: 'POST' as const, url: `/social/posts/${post.id}/like/` },
      { method: 'GET' as const, url: `/social/posts/${post.id}/comments/` },
    ]) {
      expect((await t.app.inject({ ...request, headers: authorAuth })).statusCode).toBe(404);
    }
    const comment = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post.id}/comment/`,
      payload: { text: 'late' },
      headers: readerAuth,
    });
    expect(comment.statusCode).toBe(404);
  });

  it('answers 404 for unknown posts and 401 without a token', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/social/posts/99999999/', headers: authorAuth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/social/posts/1/' })).statusCode).toBe(401);
  });
});
