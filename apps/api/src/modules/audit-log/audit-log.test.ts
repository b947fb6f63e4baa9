import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, createUser, type TestApp } from '../../test/index';
import { writeAuditLog } from './audit-log.service';

let t: TestApp;
let viewerAuth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  viewerAuth = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
});
afterAll(() => t.close());

const readLog = (query = '') => t.app.inject({ url: `/api/admin/audit-log/${query}`, headers: viewerAuth });

describe('GET /api/admin/audit-log/', () => {
  it('records admin actions newest first and survives the deletion of everyone involved', async () => {
    const moderator = await createUser(t.db, { role: 'AD', firstName: 'Mo', lastName: 'Derator' });
    const moderatorAuth = await authHeader(t.app, moderator);
    const person = await createUser(t.db, { role: 'TR', firstName: 'Pat', lastName: 'Person' });
    const post = await createPost(t.db, { userId: person.id, caption: 'spam', image: 'posts/s.webp' });

    const calls = [
      { method: 'PATCH' as const, url: '/users/admin/update-role/', payload: { user_id: person.id, role: 'IN' } },
      { method: 'DELETE' as const, url: `/social/admin/posts/${post.id}/delete_post/`, payload: { reason: 'Scam or fraud' } },
      { method: 'DELETE' as const, url: `/users/admin/delete-user/${person.id}/` },
    ];
    for (const call of calls) expect((await t.app.inject({ ...call, headers: moderatorAuth })).statusCode).toBe(200);
    // The moderator leaves too (administrators are removed outside the API).
    await t.db.delete(users).where(eq(users.id, moderator.id));

    const response = await readLog('?limit=3');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const moderatorLabel = `Mo Derator <${moderator.email}>`;
    const personLabel = `Pat Person <${person.email}>`;
    expect(body.results).toEqual([
      {
        id: expect.any(Number),
        action: 'user.delete',
        actor: { id: null, label: moderatorLabel },
        target: { type: 'user', id: person.id, label: personLabel },
        reason: null,
        details: { role: 'IN', username: person.username, name: 'Pat Person' },
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        action: 'post.delete',
        actor: { id: null, label: moderatorLabel },
        target: { type: 'post', id: post.id, label: `Post ${post.id} by ${personLabel}` },
        reason: 'Scam or fraud',
        details: { author_id: person.id, caption: 'spam', reports_closed: 0 },
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        action: 'user.role_change',
        actor: { id: null, label: moderatorLabel },
        target: { type: 'user', id: person.id, label: personLabel },
        reason: null,
        details: { from: 'TR', to: 'IN' },
        created_at: expect.any(String),
      },
    ]);
  });

  it('filters by action and pages with a cursor', async () => {
    const actor = await createUser(t.db, { role: 'AD', firstName: 'Page', lastName: 'Turner' });
    for (let index = 0; index < 3; index += 1) {
      await writeAuditLog(t.db, { actor, action: 'job.close', target: { type: 'job', id: index, label: `Job ${index}` } });
    }
    const first = (await readLog('?action=job.close&limit=2')).json();
    expect(first.results.map((entry: { target: { label: string } }) => entry.target.label)).toEqual(['Job 2', 'Job 1']);
    expect(first.next).toEqual(expect.any(String));
    const second = (await readLog(`?action=job.close&limit=2&cursor=${first.next}`)).json();
    expect(second.results.map((entry: { target: { label: string } }) => entry.target.label)).toEqual(['Job 0']);
    expect(second.next).toBeNull();
    expect((await readLog('?action=nothing.here')).json()).toEqual({ results: [], next: null });
  });

  it('rejects a malformed action or cursor with field errors', async () => {
    const badAction = await readLog('?action=DROP%20TABLE');
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json()).toEqual({ action: ['Enter a valid action, e.g. post.delete.'] });
    const badCursor = await readLog('?cursor=abc');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json()).toEqual({ cursor: ['Invalid cursor.'] });
  });
});
