import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStorageFor } from '../lib/storage/index';
import { authHeader, createTestApp, type TestApp } from '../test/index';
import { users } from '../db/schema/index';
import { seedDemo } from './index';
import { HEIGHT, WIDTH } from './demo-pictures';
import { demoPictureOf } from './demo-posts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  const result = await seedDemo(t.db, { media: mediaStorageFor(t.config) });
  expect(result.steps).toContain('posts');
  // The whole demo (argon2 hash, pictures, rows) stays quick to seed.
  expect(Date.now() - started).toBeLessThan(15_000);
});
afterAll(() => t.close());

describe('demo posts', () => {
  it('seeds a few dozen posts whose counters match their likes and comments', async () => {
    const { rows } = await t.db.execute<{ posts: number; mismatched: number; likes: number; comments: number }>(sql`
      select count(*)::int as posts,
        count(*) filter (where likes_count <> (select count(*) from post_likes l where l.post_id = p.id)
                            or comments_count <> (select count(*) from comments c where c.post_id = p.id))::int as mismatched,
        (select count(*) from post_likes)::int as likes,
        (select count(*) from comments)::int as comments
      from posts p where community_id is null`);
    expect(rows[0]?.posts).toBe(36);
    expect(rows[0]?.mismatched).toBe(0);
    expect(rows[0]?.likes).toBeGreaterThan(50);
    expect(rows[0]?.comments).toBeGreaterThan(20);
  });

  it('tags posts, so tag pages and trending tags have something to show', async () => {
    const [someone] = await t.db.select().from(users).limit(1);
    if (!someone) throw new Error('no demo user');
    const headers = await authHeader(t.app, someone);
    const trending = (await t.app.inject({ url: '/api/tags/trending/', headers })).json<{ results: { tag: string; count: number }[] }>();
    expect(trending.results.map((entry) => entry.tag)).toContain('class2026');
    const tagged = (await t.app.inject({ url: '/social/posts/?tag=class2026', headers })).json<{ results: { caption: string }[] }>();
    expect(tagged.results.length).toBeGreaterThan(0);
    for (const post of tagged.results) expect(post.caption).toMatch(/#Class2026/);
  });

  it('serves the feed with rendered WebP pictures', async () => {
    const [someone] = await t.db.select().from(users).limit(1);
    if (!someone) throw new Error('no demo user');
    const feed = (await t.app.inject({ url: '/social/posts/?limit=10', headers: await authHeader(t.app, someone) })).json();
    expect(feed.results).toHaveLength(10);
    const pictures = feed.results.map((post: { image: string | null }) => post.image).filter(Boolean);
    expect(pictures.length).toBeGreaterThan(3);
    for (const url of pictures) {
      expect(url).toMatch(/^\/media\/posts\/[0-9a-f]{64}\.webp$/);
      expect(existsSync(path.join(t.config.mediaDir, url.replace('/media/', '')))).toBe(true);
    }
  });

  it('pictures subjects of at least three kinds that really look different, each a small WebP', async () => {
    const [someone] = await t.db.select().from(users).limit(1);
    if (!someone) throw new Error('no demo user');
    const feed = (await t.app.inject({ url: '/social/posts/?limit=36', headers: await authHeader(t.app, someone) })).json();
    // Newest first: the i-th post of the feed is the seed's post i.
    const kindByUrl = new Map<string, string>();
    feed.results.forEach((post: { image: string | null }, index: number) => {
      const spec = demoPictureOf(index);
      expect(post.image === null).toBe(spec === null);
      if (post.image && spec) kindByUrl.set(post.image, spec.kind);
    });
    expect(new Set(kindByUrl.values()).size).toBeGreaterThanOrEqual(3);
    expect(kindByUrl.size).toBeGreaterThanOrEqual(8);

    // A 16x10 grey thumbnail of each: pictures of different kinds differ on average by > 5 % (the same picture: 0).
    const thumbs = new Map<string, { kind: string; pixels: Buffer }>();
    for (const [url, kind] of kindByUrl) {
      const file = path.join(t.config.mediaDir, url.replace('/media/', ''));
      const image = sharp(file);
      const meta = await image.metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: WIDTH, height: HEIGHT });
      expect(meta.size ?? (await image.toBuffer()).length).toBeLessThan(40_000);
      thumbs.set(url, { kind, pixels: await sharp(file).resize(16, 10, { fit: 'fill' }).greyscale().raw().toBuffer() });
    }
    const entries = [...thumbs.values()];
    for (const a of entries) {
      for (const b of entries) {
        if (a.kind === b.kind) continue;
        const difference = a.pixels.reduce((sum, value, i) => sum + Math.abs(value - (b.pixels[i] ?? 0)), 0) / a.pixels.length / 255;
        expect(difference, `${a.kind} against ${b.kind}`).toBeGreaterThan(0.05);
      }
    }
  });
});
