import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderatedPostImagePath } from '@alumlink/contract';
import { authHeader, createPost, createTestApp, createUser, type TestApp } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';

type Auth = { authorization: string };
let t: TestApp;
let adminAuth: Auth;
let memberAuth: Auth;
let authorAuth: Auth;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
  adminAuth = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
  memberAuth = await authHeader(t.app, await createUser(t.db, { role: 'AL', isStaff: true }));
  authorAuth = await authHeader(t.app, await createUser(t.db, { role: 'AL' }));
});
afterAll(() => t.close());

let side = 30;
/** A post of the author with a new picture (each size re-encodes to other bytes: its own key). */
async function postWithImage(): Promise<{ id: number; image: string }> {
  side += 1;
  const body = multipartBody({ caption: 'A picture' }, [imageFile(await sampleImage(side, side, 'png'))]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/social/posts/',
    payload: body.payload,
    headers: { ...authorAuth, ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const report = (postId: number, headers: Auth) =>
  t.app.inject({ method: 'POST', url: `/social/posts/${postId}/report/`, headers, payload: { reason: 'Scam or fraud' } });
const remove = (postId: number) =>
  t.app.inject({
    method: 'DELETE',
    url: `/social/admin/posts/${postId}/delete_post/`,
    headers: adminAuth,
    payload: { reason: 'Scam or fraud' },
  });
const counts = async () => (await t.app.inject({ url: '/social/admin/queue-counts/', headers: adminAuth })).json();

describe('GET /social/admin/queue-counts/', () => {
  it('counts live reported posts (not reports) and open appeals', async () => {
    const before = await counts();
    const first = await postWithImage();
    const second = await postWithImage();
    expect((await report(first.id, memberAuth)).statusCode).toBe(201);
    expect((await report(first.id, adminAuth)).statusCode).toBe(201);
    expect((await report(second.id, memberAuth)).statusCode).toBe(201);
    expect(await counts()).toEqual({ open_reports: before.open_reports + 2, open_appeals: before.open_appeals });

    // Removing one closes its reports; its author's appeal opens one.
    expect((await remove(second.id)).statusCode).toBe(200);
    const appeal = await t.app.inject({
      method: 'POST',
      url: `/social/moderation/${second.id}/appeal/`,
      headers: authorAuth,
      payload: { text: 'It was our own job board.' },
    });
    expect(appeal.statusCode, appeal.body).toBe(201);
    expect(await counts()).toEqual({ open_reports: before.open_reports + 1, open_appeals: before.open_appeals + 1 });
  });

  it('answers 401 to a stranger and 403 to a member', async () => {
    expect((await t.app.inject({ url: '/social/admin/queue-counts/' })).statusCode).toBe(401);
    const member = await t.app.inject({ url: '/social/admin/queue-counts/', headers: memberAuth });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'forbidden' });
  });
});

describe('GET /social/admin/posts/{id}/image/', () => {
  it("serves a removed post's withheld image to an administrator only", async () => {
    const post = await postWithImage();
    const served = await t.app.inject({ url: post.image });
    expect((await remove(post.id)).statusCode).toBe(200);
    expect((await t.app.inject({ url: post.image })).statusCode).toBe(404);

    const url = moderatedPostImagePath(post.id);
    const forAdmin = await t.app.inject({ url, headers: adminAuth });
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.headers['content-type']).toBe('image/webp');
    expect(forAdmin.headers['cache-control']).toBe('private, no-store');
    expect(forAdmin.rawPayload.equals(served.rawPayload)).toBe(true);

    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: memberAuth })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: authorAuth })).statusCode).toBe(403);
  });

  it('answers 404 for a post without an image or none at all', async () => {
    const author = await createUser(t.db);
    const text = await createPost(t.db, { userId: author.id, caption: 'Words only', image: null });
    expect((await t.app.inject({ url: moderatedPostImagePath(text.id), headers: adminAuth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: moderatedPostImagePath(999_999), headers: adminAuth })).statusCode).toBe(404);
  });
});
