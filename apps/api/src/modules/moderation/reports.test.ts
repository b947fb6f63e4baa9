import { REPORT_REASONS } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, postReports, posts } from '../../db/schema/index';
import { authHeader, createPost, createTestApp, useTestApp, createUser, type TestUser, useSignedInPeople } from '../../test/index';

const t = useTestApp();
const { people, auth } = useSignedInPeople(t, {
  admin: { role: 'AD' },
  author: { role: 'AL', firstName: 'Alex', lastName: 'Morgan' },
});

async function insertPost(caption = 'A post', userId = people.author.id): Promise<number> {
  const row = await createPost(t.db, { userId, caption, image: 'posts/p.webp' });
  return row.id;
}

const report = (postId: number, headers: Record<string, string>, payload: object = { reason: 'Scam or fraud' }) =>
  t.app.inject({ method: 'POST', url: `/social/posts/${postId}/report/`, headers, payload });
const queue = (query = '') => t.app.inject({ url: `/social/admin/reports/${query}`, headers: auth(people.admin) });
const dismiss = (postId: number, headers: Record<string, string> = auth(people.admin)) =>
  t.app.inject({ method: 'POST', url: `/social/admin/reports/${postId}/dismiss/`, headers });

async function reporter(role: 'TR' | 'IN' | 'AL' = 'TR') {
  return authHeader(t.app, await createUser(t.db, { role }));
}

describe('POST /social/posts/{id}/report/', () => {
  it('stores the report and answers without naming anyone', async () => {
    const postId = await insertPost();
    const response = await report(postId, await reporter(), { reason: 'Harassment or hate', note: '  Targets a classmate  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      detail: 'Thank you. The moderators will review this post.',
      post_id: postId,
      reason: 'Harassment or hate',
    });
    const [row] = await t.db.select().from(postReports).where(eq(postReports.postId, postId));
    expect(row).toMatchObject({ reason: 'Harassment or hate', note: 'Targets a classmate', status: 'open' });
  });

  it('accepts the five deletion reasons and "Harassment or hate"', async () => {
    expect(REPORT_REASONS).toHaveLength(6);
    for (const reason of REPORT_REASONS) {
      expect((await report(await insertPost(), await reporter(), { reason })).statusCode, reason).toBe(201);
    }
  });

  it('takes one report per person and post (409), others still report', async () => {
    const postId = await insertPost();
    const headers = await reporter();
    expect((await report(postId, headers)).statusCode).toBe(201);
    const again = await report(postId, headers, { reason: 'False information' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You have already reported this post.', code: 'already_reported' });
    expect((await report(postId, await reporter('AL'))).statusCode).toBe(201);
  });

  it('the same person reporting twice at once stores one report (the other 409)', async () => {
    const postId = await insertPost();
    const headers = await reporter();
    const answers = await Promise.all([report(postId, headers), report(postId, headers, { reason: 'False information' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(postReports).where(eq(postReports.postId, postId))).toHaveLength(1);
  });

  it('refuses your own post (400)', async () => {
    const response = await report(await insertPost(), auth(people.author));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'You cannot report your own post.', code: 'own_post' });
  });

  it('answers 404 for a deleted, unknown or hidden post, writing nothing', async () => {
    const deleted = await insertPost();
    await t.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, deleted));
    const hiddenAuthor = await createUser(t.db);
    const hidden = await insertPost('private', hiddenAuthor.id);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/',
      headers: await authHeader(t.app, hiddenAuthor),
      payload: { profile_visibility: 'Private' },
    });
    expect(saved.statusCode).toBe(200);
    const headers = await reporter();
    for (const postId of [deleted, hidden, 2_000_000_000]) {
      const response = await report(postId, headers);
      expect(response.statusCode, String(postId)).toBe(404);
      expect(response.json()).toEqual({ detail: 'Post not found.', code: 'not_found' });
    }
    expect(await t.db.select().from(postReports).where(eq(postReports.postId, hidden))).toEqual([]);
  });

  it('validates reason and note with field errors', async () => {
    const postId = await insertPost();
    const headers = await reporter();
    expect((await report(postId, headers, {})).json()).toEqual({ reason: ['This field is required.'] });
    expect((await report(postId, headers, { reason: 'Boring' })).json()).toEqual({ reason: ['"Boring" is not a valid choice.'] });
    const long = await report(postId, headers, { reason: 'Scam or fraud', note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ note: ['Ensure this field has no more than 1000 characters.'] });
    expect((await report(postId, headers, { reason: 'Scam or fraud', note: 'x'.repeat(1000) })).statusCode).toBe(201);
  });

  it('needs a sign-in', async () => {
    expect((await report(await insertPost(), {})).statusCode).toBe(401);
  });
});

describe('the reports queue', () => {
  it('groups open reports by post, most reported first, with reasons, notes and a preview, paginated; reporters are never named', async () => {
    // A fresh app: the queue of this test is the whole queue.
    const own = await createTestApp();
    try {
      const boss = await createUser(own.db, { role: 'AD' });
      const writer = await createUser(own.db, { role: 'AL', firstName: 'Sam', lastName: 'Lee' });
      const one = await createPost(own.db, { userId: writer.id, caption: 'Once', image: 'posts/a.webp', likesCount: 2 });
      const two = await createPost(own.db, { userId: writer.id, caption: 'Thrice', image: null });
      const people = await Promise.all([1, 2, 3].map(() => createUser(own.db)));
      const send = async (postId: number, index: number, reason: string, note?: string) =>
        own.app.inject({
          method: 'POST',
          url: `/social/posts/${postId}/report/`,
          headers: await authHeader(own.app, people[index] as TestUser),
          payload: { reason, note },
        });
      expect((await send(one.id, 0, 'False information')).statusCode).toBe(201);
      expect((await send(two.id, 0, 'Scam or fraud', 'Asks for money')).statusCode).toBe(201);
      expect((await send(two.id, 1, 'Scam or fraud')).statusCode).toBe(201);
      expect((await send(two.id, 2, 'Harassment or hate', 'Rude')).statusCode).toBe(201);

      const headers = await authHeader(own.app, boss);
      const first = await own.app.inject({ url: '/social/admin/reports/?status=open&limit=1', headers });
      expect(first.statusCode).toBe(200);
      const page = first.json();
      expect(page.results).toHaveLength(1);
      expect(page.results[0]).toMatchObject({
        post: { id: two.id, caption: 'Thrice', image: null, image_withheld: false, user: { id: writer.id, first_name: 'Sam' } },
        count: 3,
        reasons: [
          { reason: 'Scam or fraud', count: 2 },
          { reason: 'Harassment or hate', count: 1 },
        ],
        notes: ['Rude', 'Asks for money'],
      });
      expect(page.next).toEqual(expect.any(String));
      const body = JSON.stringify(page);
      for (const person of people) expect(body).not.toContain(person.email);
      const second = (await own.app.inject({ url: `/social/admin/reports/?limit=1&cursor=${page.next}`, headers })).json();
      expect(second.results.map((item: { post: { id: number } }) => item.post.id)).toEqual([one.id]);
      expect(second.results[0]).toMatchObject({ count: 1, post: { image: '/media/posts/a.webp', likes_count: 2 } });
      expect(second.next).toBeNull();

      const junk = await own.app.inject({ url: '/social/admin/reports/?cursor=nope', headers });
      expect(junk.statusCode).toBe(400);
      expect((await own.app.inject({ url: '/social/admin/reports/?status=closed', headers })).statusCode).toBe(400);
    } finally {
      await own.close();
    }
  });

  it('is for administrators only', async () => {
    for (const role of ['TR', 'IN', 'AL'] as const) {
      const headers = await reporter(role);
      expect((await t.app.inject({ url: '/social/admin/reports/', headers })).statusCode).toBe(403);
      expect((await dismiss(await insertPost(), headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/social/admin/reports/' })).statusCode).toBe(401);
  });
});

describe('dismissing and removing', () => {
  it('dismiss closes the open reports, keeps the post and is audit-logged; a second dismiss is 404', async () => {
    const postId = await insertPost('Harmless');
    await report(postId, await reporter());
    await report(postId, await reporter());
    const response = await dismiss(postId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Reports dismissed.', post_id: postId, dismissed: 2 });
    const rows = await t.db.select().from(postReports).where(eq(postReports.postId, postId));
    expect(rows.map((row) => [row.status, row.resolvedBy])).toEqual([
      ['dismissed', people.admin.id],
      ['dismissed', people.admin.id],
    ]);
    const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(post?.deletedAt).toBeNull();
    const open = (await queue('?limit=100')).json();
    expect(open.results.map((item: { post: { id: number } }) => item.post.id)).not.toContain(postId);
    const dismissed = (await queue('?status=dismissed&limit=100')).json();
    expect(dismissed.results.find((item: { post: { id: number } }) => item.post.id === postId)).toMatchObject({ count: 2 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'post.reports_dismiss'));
    expect(entry).toMatchObject({ actorId: people.admin.id, targetId: postId, details: expect.objectContaining({ reports: 2 }) });
    const again = await dismiss(postId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'This post has no open reports.', code: 'not_found' });
    expect((await dismiss(2_000_000_000)).statusCode).toBe(404);
  });

  it('the moderation delete with a reason closes the reports as actioned (audit details say how many)', async () => {
    const postId = await insertPost('Buy now');
    await report(postId, await reporter());
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/social/admin/posts/${postId}/delete_post/`,
      headers: auth(people.admin),
      payload: { reason: 'Scam or fraud' },
    });
    expect(removed.statusCode).toBe(200);
    const rows = await t.db.select().from(postReports).where(eq(postReports.postId, postId));
    expect(rows.map((row) => row.status)).toEqual(['actioned']);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, postId));
    expect(entry?.details).toMatchObject({ reports_closed: 1 });
    const open = (await queue('?limit=100')).json();
    expect(open.results.map((item: { post: { id: number } }) => item.post.id)).not.toContain(postId);
    const actioned = (await queue('?status=actioned&limit=100')).json();
    expect(actioned.results.find((item: { post: { id: number } }) => item.post.id === postId)).toMatchObject({
      post: { image: null, image_withheld: true },
    });
  });

  it('the author never reads who reported: their notifications and post carry no reporter', async () => {
    const snitch = await createUser(t.db, { firstName: 'Secret', lastName: 'Reporter' });
    const postId = await insertPost('Mine');
    await report(postId, await authHeader(t.app, snitch), { reason: 'False information', note: 'I know them' });
    const inbox = await t.app.inject({ url: '/social/notifications/', headers: auth(people.author) });
    const feed = await t.app.inject({ url: `/social/posts/user-posts/?limit=100`, headers: auth(people.author) });
    for (const body of [inbox.body, feed.body]) {
      expect(body).not.toContain(snitch.email);
      expect(body).not.toContain('Secret');
      expect(body).not.toContain('I know them');
    }
  });
});
