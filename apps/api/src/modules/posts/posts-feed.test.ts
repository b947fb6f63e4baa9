import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, postLikes, posts } from '../../db/schema/index';
import { authHeader, createUser } from '../../test/index';
import { usePostsApp } from './posts.test-helpers';

const { t, people, auth, insertPosts } = usePostsApp();

describe('GET /social/posts/ (feed)', () => {
  it('is newest first, paginates by cursor with exactly `limit` items and ends with next null', async () => {
    const other = await createUser(t.db);
    const rows = await insertPosts(other.id, 5, { caption: 'feed' });
    // Same timestamp: the id breaks the tie.
    const tied = await insertPosts(other.id, 3, { sameTime: true, caption: 'tied' });
    const expected = [...rows.slice().reverse(), ...tied.slice().reverse()].map((row) => row.id);
    const newer = (await t.app.inject({ url: '/social/posts/?limit=100', headers: auth(people.reader) })).json();
    // These are dated 2031, so they lead the feed; posts made through the API (dated now) follow.
    const ours = newer.results.map((post: { id: number }) => post.id).filter((id: number) => expected.includes(id));
    expect(ours).toEqual(expected);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/social/posts/?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await t.app.inject({ url, headers: auth(people.reader) })).json();
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
    const all = (await t.app.inject({ url: '/social/posts/?limit=100', headers: auth(people.reader) })).json();
    const count = all.results.length;
    const full = (await t.app.inject({ url: `/social/posts/?limit=${count}`, headers: auth(people.reader) })).json();
    expect(full.results).toHaveLength(count);
    expect(full.next).toBeNull();
    const short = (await t.app.inject({ url: `/social/posts/?limit=${count - 1}`, headers: auth(people.reader) })).json();
    expect(short.next).toEqual(expect.any(String));
    const rest = (
      await t.app.inject({ url: `/social/posts/?limit=${count - 1}&cursor=${short.next}`, headers: auth(people.reader) })
    ).json();
    expect(rest.results).toHaveLength(1);
    expect(rest.next).toBeNull();
  });

  it('rejects bad cursors and limits', async () => {
    const bad = await t.app.inject({ url: '/social/posts/?cursor=zzz', headers: auth(people.reader) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ cursor: ['Invalid cursor.'] });
    expect((await t.app.inject({ url: '/social/posts/?limit=101', headers: auth(people.reader) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/social/posts/?limit=0', headers: auth(people.reader) })).statusCode).toBe(400);
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
    const theirs = (
      await t.app.inject({ url: `/social/posts/user-posts/?user_id=${poster.id}&limit=2`, headers: auth(people.reader) })
    ).json();
    expect(theirs.results).toHaveLength(2);
    const rest = (
      await t.app.inject({
        url: `/social/posts/user-posts/?user_id=${poster.id}&limit=2&cursor=${theirs.next}`,
        headers: auth(people.reader),
      })
    ).json();
    expect(rest.results.map((post: { id: number }) => post.id)).toEqual([rows[0]?.id]);
    expect(rest.next).toBeNull();
  });

  it('answers 404 for an unknown person and 400 for a bad id', async () => {
    expect((await t.app.inject({ url: '/social/posts/user-posts/?user_id=999999', headers: auth(people.reader) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/social/posts/user-posts/?user_id=abc', headers: auth(people.reader) })).statusCode).toBe(400);
  });
});

describe('likes', () => {
  it('toggles, keeps the count and marks is_liked/has_liked for the caller only', async () => {
    const [post] = await insertPosts(people.author.id, 1);
    if (!post) throw new Error('no post');
    const like = await t.app.inject({ method: 'POST', url: `/social/posts/${post.id}/like/`, headers: auth(people.reader) });
    expect(like.statusCode).toBe(200);
    expect(like.json()).toEqual({ liked: true, likes_count: 1 });

    const mine = (
      await t.app.inject({ url: `/social/posts/user-posts/?user_id=${people.author.id}&limit=100`, headers: auth(people.reader) })
    ).json();
    const seenByReader = mine.results.find((item: { id: number }) => item.id === post.id);
    expect(seenByReader).toMatchObject({ likes_count: 1, is_liked: true, has_liked: true });
    const forAuthor = (await t.app.inject({ url: '/social/posts/user-posts/?limit=100', headers: auth(people.author) })).json();
    expect(forAuthor.results.find((item: { id: number }) => item.id === post.id)).toMatchObject({ likes_count: 1, is_liked: false });

    const unlike = await t.app.inject({ method: 'POST', url: `/social/posts/${post.id}/like/`, headers: auth(people.reader) });
    expect(unlike.json()).toEqual({ liked: false, likes_count: 0 });
    expect(await t.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toHaveLength(0);
  });

  it('answers 404 for unknown posts', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/social/posts/99999999/like/', headers: auth(people.reader) })).statusCode).toBe(
      404,
    );
  });
});

describe('comments', () => {
  it('adds trimmed comments, counts them and lists them oldest first', async () => {
    const [post] = await insertPosts(people.author.id, 1);
    if (!post) throw new Error('no post');
    const texts = ['first', 'second', 'third'];
    for (const text of texts) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/social/posts/${post.id}/comment/`,
        payload: { text: ` ${text} ` },
        headers: auth(people.reader),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        text,
        post_id: post.id,
        user: { id: people.reader.id, email: people.reader.email },
        created_at: expect.any(String),
      });
    }
    const [stored] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(stored?.commentsCount).toBe(3);

    const first = (await t.app.inject({ url: `/social/posts/${post.id}/comments/?limit=2`, headers: auth(people.author) })).json();
    expect(first.results.map((comment: { text: string }) => comment.text)).toEqual(['first', 'second']);
    const second = (
      await t.app.inject({ url: `/social/posts/${post.id}/comments/?limit=2&cursor=${first.next}`, headers: auth(people.author) })
    ).json();
    expect(second).toMatchObject({ results: [{ text: 'third' }], next: null });
  });

  it('validates the text and answers 404 for unknown posts', async () => {
    const [post] = await insertPosts(people.author.id, 1);
    const blank = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post?.id}/comment/`,
      payload: { text: '   ' },
      headers: auth(people.reader),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ text: ['This field is required.'] });
    const long = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post?.id}/comment/`,
      payload: { text: 'x'.repeat(2001) },
      headers: auth(people.reader),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/social/posts/99999999/comment/',
          payload: { text: 'hi' },
          headers: auth(people.reader),
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/social/posts/99999999/comments/', headers: auth(people.reader) })).statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(comments)
        .where(eq(comments.postId, post?.id ?? 0)),
    ).toHaveLength(0);
  });
});
