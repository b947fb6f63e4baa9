// Per-person limits on every authenticated write (lib/rate-limits.ts, ACCOUNT_RATE_LIMITS): the
// route list is walked, so a new write route without `config: { accountRateLimit }` fails here.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { posts } from '../db/schema/index';
import { ACCOUNT_RATE_LIMITS, scaledMax } from '../lib/rate-limits';
import {
  authHeader,
  createPost,
  createTestApp,
  createTestConfig,
  createUser,
  startSecondInstance,
  type SecondInstance,
  type TestApp,
} from '../test/index';
import { imageFile, multipartBody, sampleImage } from '../test/uploads';
import { ACCESS } from './access-table';
import { listOperations, operationKey } from './support/openapi';

type Answer = { statusCode: number; headers: Record<string, unknown>; json: <T>() => T };

/** A 429 from a per-person limit: `{detail, code: "rate_limited"}` and a Retry-After within the window. */
function expectRateLimited(response: Answer, windowSeconds: number): void {
  expect(response.statusCode).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toEqual({ detail: `Too many requests. Try again in ${seconds} seconds.`, code: 'rate_limited' });
}

describe('every authenticated write route has a per-person limit', () => {
  let t: TestApp;
  // Every maximum scaled down to a few requests (at most 6 here), so each route is walked quickly.
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMultiplier: 0.01 });
  });
  afterAll(() => t.close());

  it('answers 429 rate_limited with Retry-After once a person exceeds it, on every POST/PUT/PATCH/DELETE that needs a token', async () => {
    const operations = (await listOperations(t.app)).filter(
      (op) => op.method !== 'GET' && ACCESS[operationKey(op)] !== undefined && ACCESS[operationKey(op)] !== 'public',
    );
    expect(operations.length).toBeGreaterThanOrEqual(30);
    const highest = Math.max(...Object.values(ACCOUNT_RATE_LIMITS).map((limit) => scaledMax(t.config, limit.max)));
    const unlimited: string[] = [];
    for (const operation of operations) {
      // A fresh administrator per route: admin routes let them past, and counts never mix. Each
      // request signs in anew (logout ends the sign-in it is sent with).
      const admin = await createUser(t.db, { role: 'AD' });
      const url = operation.path.replace('{id}', '999999').replace('{slug}', 'no-such-club');
      let limited: Answer | null = null;
      for (let attempt = 0; attempt <= highest && !limited; attempt += 1) {
        const headers = await authHeader(t.app, admin);
        const response = await t.app.inject({ method: operation.method, url, headers, payload: { junk: true } });
        if (response.statusCode === 429) limited = response;
      }
      if (limited) expectRateLimited(limited, 3600);
      else unlimited.push(operationKey(operation));
    }
    expect(unlimited, 'authenticated write routes without a per-person limit').toEqual([]);
  });
});

describe('per-person limits of posts and likes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMultiplier: 0.1 });
  });
  afterAll(() => t.close());

  it('refuses the post over the limit with 429 and Retry-After for that person only, whatever their IP', async () => {
    const max = scaledMax(t.config, ACCOUNT_RATE_LIMITS.post.max);
    const [poster, other] = [await createUser(t.db), await createUser(t.db)];
    const image = await sampleImage(40, 30, 'jpeg');
    const createPost = async (user: typeof poster, remoteAddress: string) => {
      const body = multipartBody({ caption: 'Hello' }, [imageFile(image, 'photo.jpg', 'image/jpeg')]);
      return t.app.inject({
        method: 'POST',
        url: '/social/posts/',
        remoteAddress,
        headers: { ...(await authHeader(t.app, user)), ...body.headers },
        payload: body.payload,
      });
    };
    for (let index = 1; index <= max; index += 1) {
      expect((await createPost(poster, `10.20.0.${index}`)).statusCode).toBe(201);
    }
    expectRateLimited(await createPost(poster, '10.20.1.1'), ACCOUNT_RATE_LIMITS.post.windowSeconds);
    // Nothing was stored for the refused one; another person (same IP) still posts.
    expect(await t.db.$count(posts, eq(posts.userId, poster.id))).toBe(max);
    expect((await createPost(other, '10.20.1.1')).statusCode).toBe(201);
  });

  it('refuses the like over the limit for that person only', async () => {
    const max = scaledMax(t.config, ACCOUNT_RATE_LIMITS.like.max);
    const [author, liker, other] = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const post = await createPost(t.db, { userId: author.id, caption: 'Like me', image: 'posts/x.webp' });
    const like = async (user: typeof liker) =>
      t.app.inject({ method: 'POST', url: `/social/posts/${String(post?.id)}/like/`, headers: await authHeader(t.app, user) });
    for (let index = 1; index <= max; index += 1) expect((await like(liker)).statusCode).toBe(200);
    expectRateLimited(await like(liker), ACCOUNT_RATE_LIMITS.like.windowSeconds);
    const answer = await like(other);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ liked: true });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const sharedStores = Boolean(redisUrl && process.env.TEST_DATABASE_URL);

describe.skipIf(!sharedStores)('per-person limits across instances (needs TEST_REDIS_URL and TEST_DATABASE_URL)', () => {
  let primary: TestApp;
  const others: SecondInstance[] = [];
  // Both instances: one Redis, one namespace (one deployment), one PostgreSQL database.
  const rateLimitNamespace = `alumlink-rl-test-${randomUUID()}-`;

  beforeAll(async () => {
    primary = await createTestApp({ redisUrl: redisUrl ?? null, rateLimitNamespace, rateLimitMultiplier: 0.1 });
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await primary.close();
  });

  it('counts the likes of one person on two instances together', async () => {
    const instance = await startSecondInstance(primary, {
      config: createTestConfig({ ...primary.config, dataDir: primary.config.dataDir }),
    });
    others.push(instance);
    const second = instance.app;
    const max = scaledMax(primary.config, ACCOUNT_RATE_LIMITS.like.max);
    const [author, liker, other] = [await createUser(primary.db), await createUser(primary.db), await createUser(primary.db)];
    const post = await createPost(primary.db, { userId: author.id, caption: 'Shared', image: 'posts/y.webp' });
    const like = async (app: App, user: typeof liker) =>
      app.inject({ method: 'POST', url: `/social/posts/${String(post?.id)}/like/`, headers: await authHeader(app, user) });
    for (let index = 1; index <= max; index += 1) {
      expect((await like(index % 2 === 0 ? second : primary.app, liker)).statusCode).toBe(200);
    }
    expectRateLimited(await like(second, liker), ACCOUNT_RATE_LIMITS.like.windowSeconds);
    expectRateLimited(await like(primary.app, liker), ACCOUNT_RATE_LIMITS.like.windowSeconds);
    expect((await like(second, other)).statusCode).toBe(200);
  });
});
