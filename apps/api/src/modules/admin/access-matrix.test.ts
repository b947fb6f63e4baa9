import type { Role } from '@alumlink/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createPost, createTestApp, createUser, type TestApp } from '../../test/index';

type AdminCall = { method: 'GET' | 'PATCH' | 'DELETE'; url: string; payload?: object };

let t: TestApp;
let victimId: number;
let postId: number;

/** Every admin route (and alias), with a request an administrator could validly send. */
function adminCalls(): AdminCall[] {
  const roleChange = { user_id: victimId, role: 'IN' };
  const reason = { reason: 'Scam or fraud' };
  return [
    { method: 'GET', url: '/users/' },
    { method: 'GET', url: '/api/admin/users/?q=a&role=TR' },
    { method: 'PATCH', url: '/users/admin/update-role/', payload: roleChange },
    { method: 'PATCH', url: '/admin/update-role/', payload: roleChange },
    { method: 'DELETE', url: `/users/admin/delete-user/${victimId}/` },
    { method: 'DELETE', url: `/admin/delete-user/${victimId}/` },
    { method: 'GET', url: '/social/admin/posts/' },
    { method: 'GET', url: '/alumlink/social/admin/posts/' },
    { method: 'DELETE', url: `/social/admin/posts/${postId}/delete_post/`, payload: reason },
    { method: 'DELETE', url: `/alumlink/social/admin/posts/${postId}/delete_post/`, payload: reason },
    { method: 'GET', url: '/api/admin/stats/' },
    { method: 'GET', url: '/alumlink/api/admin/stats/' },
    { method: 'GET', url: '/api/admin/audit-log/' },
    { method: 'GET', url: '/api/admin/audit-log/?action=post.delete' },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  const victim = await createUser(t.db, { role: 'TR' });
  victimId = victim.id;
  const author = await createUser(t.db, { role: 'AL' });
  const post = await createPost(t.db, { userId: author.id, caption: 'still here', image: 'posts/x.webp' });
  postId = post.id;
});
afterAll(() => t.close());

describe('admin routes: access', () => {
  it('answers 401 without a token, before looking at the body', async () => {
    for (const call of adminCalls()) {
      const response = await t.app.inject({ method: call.method, url: call.url, payload: { nonsense: true } });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(response.json()).toEqual({ detail: 'Authentication credentials were not provided.', code: 'not_authenticated' });
    }
  });

  it('answers 401 for a malformed token', async () => {
    for (const call of adminCalls()) {
      const response = await t.app.inject({ ...call, headers: { authorization: 'Bearer not-a-token' } });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });

  for (const role of ['TR', 'IN', 'AL'] satisfies Role[]) {
    it(`answers 403 to a ${role}, changing nothing`, async () => {
      const person = await createUser(t.db, { role, isStaff: true });
      const headers = await authHeader(t.app, person);
      for (const call of adminCalls()) {
        const response = await t.app.inject({ ...call, headers });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json()).toEqual({ detail: 'You do not have permission to perform this action.', code: 'forbidden' });
      }
      const list = await t.app.inject({ url: '/users/', headers: await authHeader(t.app, await createUser(t.db, { role: 'AD' })) });
      expect(list.json().results.find((user: { id: number }) => user.id === victimId)).toMatchObject({ role: 'TR' });
    });
  }

  it('lets an administrator through on every route', async () => {
    const admin = await createUser(t.db, { role: 'AD' });
    const headers = await authHeader(t.app, admin);
    const statuses = [];
    for (const call of adminCalls()) {
      const response = await t.app.inject({ ...call, headers });
      statuses.push(`${call.method} ${call.url} ${response.statusCode}`);
    }
    // The second delete of the same person or post finds nothing any more.
    expect(statuses).toEqual(
      adminCalls().map((call, index) => {
        const gone = index === 5 || index === 9;
        return `${call.method} ${call.url} ${gone ? 404 : 200}`;
      }),
    );
  });
});
