import { DELETION_REASONS, type RealtimeServerEvent } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, posts } from '../../db/schema/index';
import { createPost, useTestApp, useSignedInPeople } from '../../test/index';

const t = useTestApp();
const { people, auth } = useSignedInPeople(t, {
  admin: { role: 'AD' },
  author: { role: 'AL', firstName: 'Alex', lastName: 'Morgan', image: 'avatars/a.webp' },
});

let clock = Date.UTC(2032, 0, 1);
async function insertPost(caption: string): Promise<number> {
  clock += 1000;
  const row = await createPost(t.db, { userId: people.author.id, caption, image: 'posts/p.webp', createdAt: new Date(clock) });
  return row.id;
}

const removePost = (id: number, payload?: object, headers: Record<string, string> = auth(people.admin)) =>
  t.app.inject({ method: 'DELETE', url: `/social/admin/posts/${id}/delete_post/`, headers, ...(payload ? { payload } : {}) });

describe('GET /social/admin/posts/', () => {
  it('lists live posts newest first in the post shape, paginated', async () => {
    const older = await insertPost('older');
    const newer = await insertPost('newer');
    const deleted = await insertPost('deleted');
    await t.db.update(posts).set({ deletedAt: new Date(), deleteReason: 'Scam or fraud' }).where(eq(posts.id, deleted));

    const first = await t.app.inject({ url: '/alumlink/social/admin/posts/?limit=1', headers: auth(people.admin) });
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.results).toHaveLength(1);
    expect(page.results[0]).toMatchObject({
      id: newer,
      caption: 'newer',
      image: '/media/posts/p.webp',
      user: { id: people.author.id, role: 'AL', profile: { profile_image: '/media/avatars/a.webp' } },
      likes_count: 0,
      comments_count: 0,
    });
    const second = (await t.app.inject({ url: `/social/admin/posts/?limit=1&cursor=${page.next}`, headers: auth(people.admin) })).json();
    expect(second.results.map((post: { id: number }) => post.id)).toEqual([older]);
  });
});

describe('DELETE /social/admin/posts/{id}/delete_post/', () => {
  it('soft-deletes with the reason, broadcasts post.deleted, notifies the author and logs it', async () => {
    const postId = await insertPost('Buy my pills');
    const hub = t.app.realtime;
    const seen: RealtimeServerEvent[] = [];
    const connection = hub.attach(people.author.id, (event) => seen.push(event));
    try {
      const response = await removePost(postId, { reason: 'Selling or promoting restricted items' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        detail: 'Post deleted successfully.',
        notified_user: {
          id: people.author.id,
          username: people.author.username,
          first_name: 'Alex',
          last_name: 'Morgan',
          email: people.author.email,
        },
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(seen.map((event) => event.type)).toEqual(expect.arrayContaining(['post.deleted', 'notification.created']));
      expect(seen.find((event) => event.type === 'post.deleted')?.data).toEqual({ post_id: postId });
    } finally {
      connection.detach();
    }

    const [stored] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(stored).toMatchObject({ deletedBy: people.admin.id, deleteReason: 'Selling or promoting restricted items' });
    expect(stored?.deletedAt).toBeInstanceOf(Date);

    const feed = (await t.app.inject({ url: '/social/posts/?limit=100', headers: auth(people.author) })).json();
    expect(feed.results.map((post: { id: number }) => post.id)).not.toContain(postId);
    const adminList = (await t.app.inject({ url: '/social/admin/posts/?limit=100', headers: auth(people.admin) })).json();
    expect(adminList.results.map((post: { id: number }) => post.id)).not.toContain(postId);

    const inbox = (await t.app.inject({ url: '/social/notifications/', headers: auth(people.author) })).json();
    expect(inbox.results[0]).toMatchObject({
      type: 'post_removed',
      post_id: postId,
      reason: 'Selling or promoting restricted items',
      text: 'Your post was removed by a moderator. Reason: Selling or promoting restricted items.',
    });

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, postId));
    expect(entry).toMatchObject({
      action: 'post.delete',
      actorId: people.admin.id,
      targetType: 'post',
      reason: 'Selling or promoting restricted items',
    });
    expect(entry?.targetLabel).toContain(people.author.email);

    const again = await removePost(postId, { reason: 'Scam or fraud' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Post not found.', code: 'not_found' });
  });

  it('accepts each of the five reasons', async () => {
    for (const reason of DELETION_REASONS) {
      const response = await removePost(await insertPost(reason), { reason });
      expect(response.statusCode, reason).toBe(200);
    }
  });

  it('refuses a missing or unknown reason with a field error, leaving the post', async () => {
    const postId = await insertPost('keep me');
    const missing = await removePost(postId, undefined, { ...auth(people.admin), 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ reason: ['This field is required.'] });
    const unknown = await removePost(postId, { reason: 'I do not like it' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ reason: ['"I do not like it" is not a valid choice.'] });
    const [stored] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(stored?.deletedAt).toBeNull();
  });

  it('answers 404 for an unknown post', async () => {
    const response = await removePost(2_000_000_000, { reason: 'Scam or fraud' });
    expect(response.statusCode).toBe(404);
  });
});

describe('a moderation delete and its audit entry', () => {
  it('are one transaction: when the audit entry cannot be written, the post stays and nobody is told', async () => {
    const postId = await insertPost('Kept when the log fails');
    const seen: RealtimeServerEvent[] = [];
    const connection = t.app.realtime.attach(people.author.id, (event) => seen.push(event));
    // A real failure of the audit insert (as a full disk or a broken constraint would give).
    await t.db.execute(sql`create or replace function audit_log_refuse() returns trigger language plpgsql as $$
      begin raise exception 'audit log unavailable'; end $$`);
    await t.db.execute(sql`create trigger audit_log_refuse before insert on audit_log for each row execute function audit_log_refuse()`);
    try {
      const response = await removePost(postId, { reason: 'Scam or fraud' });
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger audit_log_refuse on audit_log`);
      await t.db.execute(sql`drop function audit_log_refuse()`);
      connection.detach();
    }
    const [post] = await t.db.select({ deletedAt: posts.deletedAt }).from(posts).where(eq(posts.id, postId));
    expect(post?.deletedAt).toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    // And it can be removed once the log works again.
    expect((await removePost(postId, { reason: 'Scam or fraud' })).statusCode).toBe(200);
  });
});
