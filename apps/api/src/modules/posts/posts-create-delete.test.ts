import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';
import type { PostDeletedEvent } from '../../app-events';
import { usePostsApp } from './posts.test-helpers';

const { t, people, auth, insertPosts, createPostViaApi } = usePostsApp();

describe('POST /social/posts/', () => {
  it('creates a post with a re-encoded image and answers the full post shape', async () => {
    const response = await createPostViaApi('  Hello network  ');
    expect(response.statusCode).toBe(201);
    const post = response.json();
    expect(post).toEqual({
      id: expect.any(Number),
      user: {
        id: people.author.id,
        username: people.author.username,
        email: people.author.email,
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
    const feed = await t.app.inject({ url: '/social/posts/?limit=1', headers: auth(people.author) });
    const own = await t.app.inject({ url: '/social/posts/user-posts/?limit=1', headers: auth(people.author) });
    expect(feed.json().results).toEqual([created]);
    expect(own.json().results).toEqual([created]);
  });

  it('requires a caption and an image, reporting both', async () => {
    const empty = multipartBody({ caption: '   ' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/social/posts/',
      payload: empty.payload,
      headers: { ...auth(people.author), ...empty.headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ caption: ['This field is required.'], image: ['No file was submitted.'] });

    const long = multipartBody({ caption: 'x'.repeat(2001) }, [imageFile(await sampleImage(10, 10))]);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/social/posts/',
      payload: long.payload,
      headers: { ...auth(people.author), ...long.headers },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ caption: ['Ensure this field has no more than 2000 characters.'] });
  });

  it('refuses JSON (415) and anonymous callers (401)', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/social/posts/', payload: { caption: 'x' }, headers: auth(people.author) });
    expect(json.statusCode).toBe(415);
    expect((await createPostViaApi('x', { authorization: '' })).statusCode).toBe(401);
  });
});

describe('DELETE /social/posts/{id}/', () => {
  it('lets only the author delete (403 otherwise), soft-deletes, hides the post everywhere and tells listeners', async () => {
    const [post] = await insertPosts(people.author.id, 1);
    if (!post) throw new Error('no post');
    const events: PostDeletedEvent[] = [];
    const unsubscribe = t.ctx.events.on('post.deleted', (event) => {
      events.push(event);
    });
    try {
      const forbidden = await t.app.inject({ method: 'DELETE', url: `/social/posts/${post.id}/`, headers: auth(people.reader) });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'permission_denied' });
      expect(events).toEqual([]);

      const deleted = await t.app.inject({ method: 'DELETE', url: `/social/posts/${post.id}/`, headers: auth(people.author) });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect(events).toEqual([
        { postId: post.id, authorId: people.author.id, deletedBy: people.author.id, reason: null, readers: 'everyone' },
      ]);
    } finally {
      unsubscribe();
    }

    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedBy).toBe(people.author.id);

    const feed = (await t.app.inject({ url: '/social/posts/?limit=100', headers: auth(people.reader) })).json();
    expect(feed.results.some((item: { id: number }) => item.id === post.id)).toBe(false);
    const own = (await t.app.inject({ url: '/social/posts/user-posts/?limit=100', headers: auth(people.author) })).json();
    expect(own.results.some((item: { id: number }) => item.id === post.id)).toBe(false);
    for (const request of [
      { method: 'DELETE' as const, url: `/social/posts/${post.id}/` },
      { method: 'POST' as const, url: `/social/posts/${post.id}/like/` },
      { method: 'GET' as const, url: `/social/posts/${post.id}/comments/` },
    ]) {
      expect((await t.app.inject({ ...request, headers: auth(people.author) })).statusCode).toBe(404);
    }
    const comment = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post.id}/comment/`,
      payload: { text: 'late' },
      headers: auth(people.reader),
    });
    expect(comment.statusCode).toBe(404);
  });

  it('answers 404 for unknown posts and 401 without a token', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/social/posts/99999999/', headers: auth(people.author) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/social/posts/1/' })).statusCode).toBe(401);
  });
});
