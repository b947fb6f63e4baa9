import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, posts, refreshSessions, users } from '../../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, type TestApp, type TestUser } from '../../../test/index';

let t: TestApp;
let admin: TestUser;
let adminAuth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 100 });
  admin = await createUser(t.db, { role: 'AD', firstName: 'Ada', lastName: 'Admin' });
  adminAuth = await authHeader(t.app, admin);
});
afterAll(() => t.close());

const listUsers = (query = '') => t.app.inject({ url: `/users/${query}`, headers: adminAuth });
const changeRole = (payload: object, headers = adminAuth) =>
  t.app.inject({ method: 'PATCH', url: '/users/admin/update-role/', payload, headers });
const deleteUser = (id: number, headers = adminAuth) =>
  t.app.inject({ method: 'DELETE', url: `/users/admin/delete-user/${id}/`, headers: { ...headers, 'content-type': 'application/json' } });

async function realCount(role?: string): Promise<number> {
  const rows = await t.db
    .select({ id: users.id })
    .from(users)
    .where(role ? eq(users.role, role) : undefined);
  return rows.length;
}

describe('GET /users/', () => {
  it('lists people ordered by id with the admin shape and the total count', async () => {
    const person = await createUser(t.db, { role: 'AL', firstName: 'Grace', lastName: 'Hopper', image: 'avatars/g.webp' });
    const response = await listUsers('?limit=100');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const ids = body.results.map((user: { id: number }) => user.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(body.count).toBe(await realCount());
    expect(body.results.find((user: { id: number }) => user.id === person.id)).toEqual({
      id: person.id,
      username: person.username,
      email: person.email,
      first_name: 'Grace',
      last_name: 'Hopper',
      role: 'AL',
      is_staff: false,
      is_active: true,
      date_joined: person.createdAt.toISOString(),
      created_at: person.createdAt.toISOString(),
      image: '/media/avatars/g.webp',
    });
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('filters by q (names and e-mail, any case; exact id for digits) and role, counting matches', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const byFirst = await createUser(t.db, { role: 'TR', firstName: `${marker}First` });
    const byLast = await createUser(t.db, { role: 'IN', lastName: `X${marker.toUpperCase()}` });
    const byEmail = await createUser(t.db, { role: 'TR', email: `${marker}@mail.example` });
    await createUser(t.db, { role: 'TR', firstName: 'Unrelated' });

    const all = (await listUsers(`?q=${marker.toUpperCase()}`)).json();
    expect(all.results.map((user: { id: number }) => user.id)).toEqual([byFirst.id, byLast.id, byEmail.id]);
    expect(all.count).toBe(3);

    const trainees = (await listUsers(`?q=${marker}&role=TR`)).json();
    expect(trainees.results.map((user: { id: number }) => user.id)).toEqual([byFirst.id, byEmail.id]);
    expect(trainees.count).toBe(2);

    const byId = (await listUsers(`?q=${byLast.id}`)).json();
    expect(byId.results.map((user: { id: number }) => user.id)).toContain(byLast.id);

    const percent = (await listUsers('?q=%25')).json();
    expect(percent.results).toEqual([]);
    expect(percent.count).toBe(0);
  });

  it('counts by role from the counters, equal to the real numbers', async () => {
    for (const role of ['AD', 'TR', 'IN', 'AL']) {
      const body = (await listUsers(`?role=${role}&limit=1`)).json();
      expect(body.count, role).toBe(await realCount(role));
      expect(body.results.every((user: { role: string }) => user.role === role)).toBe(true);
    }
  });

  it('pages with an opaque cursor and rejects bad cursors and roles', async () => {
    const first = (await listUsers('?limit=2')).json();
    expect(first.results).toHaveLength(2);
    expect(first.next).toEqual(expect.any(String));
    const second = (await listUsers(`?limit=2&cursor=${first.next}`)).json();
    expect(second.results[0].id).toBeGreaterThan(first.results[1].id);

    const badCursor = await listUsers('?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ cursor: ['Invalid cursor.'] });
    const badRole = await listUsers('?role=XX');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toEqual({ role: ['"XX" is not a valid choice.'] });
  });
});

describe('PATCH /users/admin/update-role/', () => {
  it('changes the role, notifies the person and writes the audit log', async () => {
    const person = await createUser(t.db, { role: 'TR', firstName: 'Tom', lastName: 'Trainee' });
    const response = await changeRole({ user_id: person.id, role: 'AL' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ detail: 'Role updated successfully.', user: { id: person.id, role: 'AL' } });

    const [stored] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(stored?.role).toBe('AL');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told.map((row) => [row.type, row.text])).toEqual([['role_changed', 'Your role was changed to Alumni.']]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, person.id));
    expect(entry).toMatchObject({
      action: 'user.role_change',
      actorId: admin.id,
      actorLabel: `Ada Admin <${admin.email}>`,
      targetType: 'user',
      targetLabel: `Tom Trainee <${person.email}>`,
      details: { from: 'TR', to: 'AL' },
    });
  });

  it('accepts the same role without a notification or a log entry', async () => {
    const person = await createUser(t.db, { role: 'IN' });
    const response = await changeRole({ user_id: person.id, role: 'IN' });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, person.id))).toEqual([]);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, person.id))).toEqual([]);
  });

  it('refuses AD and other invalid input with field errors', async () => {
    const person = await createUser(t.db, { role: 'TR' });
    const toAdmin = await changeRole({ user_id: person.id, role: 'AD' });
    expect(toAdmin.statusCode).toBe(400);
    expect(toAdmin.json()).toEqual({ role: ['"AD" is not a valid choice.'] });
    const empty = await changeRole({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ user_id: ['This field is required.'], role: ['This field is required.'] });
    const wrongType = await changeRole({ user_id: 'abc', role: 'TR' });
    expect(wrongType.json()).toEqual({ user_id: ['A valid integer is required.'] });
    const [stored] = await t.db.select().from(users).where(eq(users.id, person.id));
    expect(stored?.role).toBe('TR');
  });

  it('refuses your own role and another administrator’s with 403, unknown people with 404', async () => {
    const own = await changeRole({ user_id: admin.id, role: 'TR' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'You cannot change your own role.', code: 'permission_denied' });
    const otherAdmin = await createUser(t.db, { role: 'AD' });
    const other = await t.app.inject({
      method: 'PATCH',
      url: '/admin/update-role/',
      payload: { user_id: otherAdmin.id, role: 'AL' },
      headers: adminAuth,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe("You cannot change another administrator's role.");
    const unknown = await changeRole({ user_id: 2_000_000_000, role: 'AL' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'User not found.', code: 'not_found' });
    const [stored] = await t.db.select().from(users).where(eq(users.id, otherAdmin.id));
    expect(stored?.role).toBe('AD');
  });
});

describe('DELETE /users/admin/delete-user/{id}/', () => {
  it('deletes the person and their content; their token and refresh token stop working', async () => {
    const person = await createUser(t.db, { role: 'AL', firstName: 'Gone', lastName: 'Soon' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: person.email, password: person.password } });
    expect(signIn.statusCode).toBe(200);
    const { access, refresh } = signIn.json();
    const personAuth = { authorization: `Bearer ${access}` };
    expect((await t.app.inject({ url: '/social/posts/', headers: personAuth })).statusCode).toBe(200);
    await createPost(t.db, { userId: person.id, caption: 'mine', image: 'posts/m.webp' });

    const response = await deleteUser(person.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'User deleted successfully' });

    expect(await t.db.select().from(users).where(eq(users.id, person.id))).toEqual([]);
    expect(await t.db.select().from(posts).where(eq(posts.userId, person.id))).toEqual([]);
    expect(await t.db.select().from(refreshSessions).where(eq(refreshSessions.userId, person.id))).toEqual([]);
    const next = await t.app.inject({ url: '/social/posts/', headers: personAuth });
    expect(next.statusCode).toBe(401);
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect(refreshed.statusCode).toBe(401);

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, person.id));
    expect(entry).toMatchObject({
      action: 'user.delete',
      actorId: admin.id,
      targetType: 'user',
      targetLabel: `Gone Soon <${person.email}>`,
    });
  });

  it('refuses yourself and other administrators (403), unknown ids (404) and bad ids (400)', async () => {
    const self = await deleteUser(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().detail).toBe('You cannot delete your own account.');
    const otherAdmin = await createUser(t.db, { role: 'AD' });
    const other = await t.app.inject({ method: 'DELETE', url: `/admin/delete-user/${otherAdmin.id}/`, headers: adminAuth });
    expect(other.statusCode).toBe(403);
    expect(other.json().detail).toBe('You cannot delete another administrator.');
    expect((await deleteUser(2_000_000_000)).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'DELETE', url: '/admin/delete-user/abc/', headers: adminAuth });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, otherAdmin.id))).toHaveLength(1);
  });
});
