import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createPost, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
const base = Date.UTC(2031, 0, 1);
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Item = { kind: string; user: { id: number }; at: string; post_id: number | null };
async function recent(user: TestUser, limit = 20): Promise<Item[]> {
  const response = await t.app.inject({ url: `/api/activity/recent/?limit=${limit}`, headers: await authHeader(t.app, user) });
  expect(response.statusCode).toBe(200);
  return response.json<{ results: Item[] }>().results;
}
async function saveSettings(user: TestUser, payload: object) {
  const response = await t.app.inject({ method: 'PUT', url: '/social/settings/', headers: await authHeader(t.app, user), payload });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/activity/recent/', () => {
  it('merges new members and new posts newest first, leaving out untracked and hidden people', async () => {
    const ana = await createUser(t.db, { createdAt: new Date(base + 1 * minute) });
    const ben = await createUser(t.db, { createdAt: new Date(base + 2 * minute) });
    const quiet = await createUser(t.db, { createdAt: new Date(base + 3 * minute) });
    const secret = await createUser(t.db, { createdAt: new Date(base + 4 * minute) });
    const post = await createPost(t.db, { userId: ana.id, caption: 'hi', image: 'posts/x.webp', createdAt: new Date(base + 5 * minute) });
    await createPost(t.db, { userId: quiet.id, caption: 'shh', image: 'posts/x.webp', createdAt: new Date(base + 6 * minute) });
    await createPost(t.db, { userId: secret.id, caption: 'psst', image: 'posts/x.webp', createdAt: new Date(base + 7 * minute) });
    await saveSettings(quiet, { activity_tracking: false });
    await saveSettings(secret, { profile_visibility: 'Private' });

    const items = await recent(ben, 5);
    expect(items.map((item) => [item.kind, item.user.id])).toEqual([
      ['posted', ana.id],
      ['joined', ben.id],
      ['joined', ana.id],
    ]);
    expect(items[0]).toMatchObject({ post_id: post?.id, at: new Date(base + 5 * minute).toISOString() });
    expect(items.some((item) => item.user.id === quiet.id || item.user.id === secret.id)).toBe(false);

    // An admin sees the private person, but never the one who turned tracking off.
    const admin = await createUser(t.db, { role: 'AD', createdAt: new Date(base) });
    const adminView = await recent(admin);
    expect(adminView.some((item) => item.user.id === secret.id)).toBe(true);
    expect(adminView.some((item) => item.user.id === quiet.id)).toBe(false);
  });

  it('is bounded and needs a signed-in caller', async () => {
    const user = await createUser(t.db);
    expect((await recent(user, 2)).length).toBeLessThanOrEqual(2);
    const tooMany = await t.app.inject({ url: '/api/activity/recent/?limit=500', headers: await authHeader(t.app, user) });
    expect(tooMany.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/activity/recent/' })).statusCode).toBe(401);
  });
});
