import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, comments, moderationAppeals, postLikes, posts } from '../../db/schema/index';
import { authHeader, createPost, useTestApp, createUser, useSignedInPeople } from '../../test/index';

// One author appeals many times here (the per-person limit is 10 an hour).
const t = useTestApp({ rateLimitMultiplier: 100 });
const { people, auth } = useSignedInPeople(t, {
  admin: { role: 'AD' },
  author: { role: 'AL', firstName: 'Alex', lastName: 'Morgan' },
});

const DAY = 24 * 60 * 60 * 1000;
const TEXT = 'I think this was a mistake: the link is to our own job board.';

/** A post of the author, liked and commented by two others, then removed by a moderator through the route. */
async function removedPost(caption = 'Removed post'): Promise<number> {
  const row = await createPost(t.db, { userId: people.author.id, caption, image: 'posts/p.webp' });
  for (const person of [await createUser(t.db), await createUser(t.db)]) {
    const headers = await authHeader(t.app, person);
    expect((await t.app.inject({ method: 'POST', url: `/social/posts/${row.id}/like/`, headers })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/social/posts/${row.id}/comment/`, headers, payload: { text: 'Nice' } })).statusCode,
    ).toBe(201);
  }
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/social/admin/posts/${row.id}/delete_post/`,
    headers: auth(people.admin),
    payload: { reason: 'Unwanted content' },
  });
  expect(removed.statusCode).toBe(200);
  return row.id;
}

const appeal = (postId: number, headers: Record<string, string> = auth(people.author), payload: object = { text: TEXT }) =>
  t.app.inject({ method: 'POST', url: `/social/moderation/${postId}/appeal/`, headers, payload });
const decide = (appealId: number, payload: object, headers: Record<string, string> = auth(people.admin)) =>
  t.app.inject({ method: 'POST', url: `/social/admin/appeals/${appealId}/decide/`, headers, payload });

describe('POST /social/moderation/{id}/appeal/', () => {
  it('the author appeals once within 30 days; the case shows it; audit-logged', async () => {
    const postId = await removedPost();
    const before = (await t.app.inject({ url: `/social/moderation/${postId}/`, headers: auth(people.author) })).json();
    expect(before).toMatchObject({ post_id: postId, caption: 'Removed post', reason: 'Unwanted content', can_appeal: true, appeal: null });
    expect(new Date(before.appeal_deadline).getTime() - new Date(before.removed_at).getTime()).toBe(30 * DAY);

    const response = await appeal(postId, auth(people.author), { text: `  ${TEXT}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ post_id: postId, text: TEXT, status: 'open', reply: null, decided_at: null });

    const again = await appeal(postId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You have already appealed this decision.', code: 'already_appealed' });
    const after = (await t.app.inject({ url: `/social/moderation/${postId}/`, headers: auth(people.author) })).json();
    expect(after).toMatchObject({ can_appeal: false, appeal: { status: 'open', text: TEXT } });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'post.appeal'), eq(auditLog.targetId, postId)));
    expect(entry).toMatchObject({ actorId: people.author.id, reason: 'Unwanted content' });
  });

  it('refuses after 30 days (409 appeal_window_closed)', async () => {
    const postId = await removedPost();
    await t.db
      .update(posts)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(posts.id, postId));
    const response = await appeal(postId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'Appeals are accepted within 30 days of the removal.', code: 'appeal_window_closed' });
    expect((await t.app.inject({ url: `/social/moderation/${postId}/`, headers: auth(people.author) })).json()).toMatchObject({
      can_appeal: false,
      appeal: null,
    });
    await t.db
      .update(posts)
      .set({ deletedAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(posts.id, postId));
    expect((await appeal(postId)).statusCode).toBe(201);
  });

  it('answers 404 to anyone but the author, for live posts and for posts the author deleted', async () => {
    const postId = await removedPost();
    const stranger = await authHeader(t.app, await createUser(t.db, { role: 'AL' }));
    for (const headers of [stranger, auth(people.admin)]) {
      expect((await appeal(postId, headers)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/social/moderation/${postId}/`, headers })).statusCode).toBe(404);
    }
    const live = await createPost(t.db, { userId: people.author.id, caption: 'live', image: null });
    const ownDeleted = await createPost(t.db, {
      userId: people.author.id,
      caption: 'gone',
      image: null,
      deletedAt: new Date(),
      deletedBy: people.author.id,
    });
    for (const id of [live?.id ?? 0, ownDeleted?.id ?? 0, 2_000_000_000]) {
      const response = await appeal(id);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ detail: 'Post not found.', code: 'not_found' });
    }
    expect(await t.db.select().from(moderationAppeals).where(eq(moderationAppeals.postId, postId))).toEqual([]);
  });

  it('validates the text (10..2000)', async () => {
    const postId = await removedPost();
    expect((await appeal(postId, auth(people.author), {})).json()).toEqual({ text: ['This field is required.'] });
    expect((await appeal(postId, auth(people.author), { text: 'too short' })).json()).toEqual({
      text: ['Ensure this field has at least 10 characters.'],
    });
    expect((await appeal(postId, auth(people.author), { text: 'x'.repeat(2001) })).json()).toEqual({
      text: ['Ensure this field has no more than 2000 characters.'],
    });
  });
});

describe('the appeals queue and decisions', () => {
  it('lists open appeals oldest first with the removed post (image withheld), paginated; admins only', async () => {
    const first = await removedPost('First');
    const second = await removedPost('Second');
    const a = (await appeal(first)).json();
    const b = (await appeal(second)).json();
    const page = (await t.app.inject({ url: '/social/admin/appeals/?status=open&limit=100', headers: auth(people.admin) })).json();
    const ids = page.results.map((item: { id: number }) => item.id);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(page.results.find((item: { id: number }) => item.id === a.id)).toMatchObject({
      post_id: first,
      text: TEXT,
      status: 'open',
      reason: 'Unwanted content',
      post: {
        id: first,
        caption: 'First',
        image: null,
        image_withheld: true,
        likes_count: 2,
        comments_count: 2,
        user: { id: people.author.id },
      },
    });
    const paged = (await t.app.inject({ url: '/social/admin/appeals/?limit=1', headers: auth(people.admin) })).json();
    expect(paged.results).toHaveLength(1);
    const next = (await t.app.inject({ url: `/social/admin/appeals/?limit=1&cursor=${paged.next}`, headers: auth(people.admin) })).json();
    expect(next.results[0].id).not.toBe(paged.results[0].id);
    for (const role of ['TR', 'IN', 'AL'] as const) {
      const headers = await authHeader(t.app, await createUser(t.db, { role }));
      expect((await t.app.inject({ url: '/social/admin/appeals/', headers })).statusCode).toBe(403);
      expect((await decide(a.id, { decision: 'restored', reply: 'ok' }, headers)).statusCode).toBe(403);
    }
  });

  it('restored: the post comes back as it was, with its likes, comments and counters; the author gets the reply; audit-logged', async () => {
    const postId = await removedPost('Come back');
    const { id } = (await appeal(postId)).json();
    const response = await decide(id, { decision: 'restored', reply: 'You are right, sorry.' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      status: 'restored',
      reply: 'You are right, sorry.',
      post: { id: postId, image: '/media/posts/p.webp', image_withheld: false },
    });

    const feed = (await t.app.inject({ url: '/social/posts/user-posts/?limit=100', headers: auth(people.author) })).json();
    expect(feed.results.find((post: { id: number }) => post.id === postId)).toMatchObject({
      caption: 'Come back',
      likes_count: 2,
      comments_count: 2,
    });
    const thread = (await t.app.inject({ url: `/social/posts/${postId}/comments/`, headers: auth(people.author) })).json();
    expect(thread.results).toHaveLength(2);
    expect(await t.db.select().from(postLikes).where(eq(postLikes.postId, postId))).toHaveLength(2);
    expect(await t.db.select().from(comments).where(eq(comments.postId, postId))).toHaveLength(2);

    const inbox = (await t.app.inject({ url: '/social/notifications/', headers: auth(people.author) })).json();
    expect(inbox.results[0]).toMatchObject({
      type: 'appeal_decided',
      post_id: postId,
      reason: 'restored',
      actor: null,
      text: "Your appeal was accepted and your post is restored. Moderator's reply: You are right, sorry.",
    });
    const view = (await t.app.inject({ url: `/social/moderation/${postId}/`, headers: auth(people.author) })).json();
    expect(view).toMatchObject({
      reason: 'Unwanted content',
      can_appeal: false,
      appeal: { status: 'restored', reply: 'You are right, sorry.' },
    });
    expect(JSON.stringify(view)).not.toContain(people.admin.email);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'post.appeal_decide'), eq(auditLog.targetId, postId)));
    expect(entry).toMatchObject({
      actorId: people.admin.id,
      reason: 'restored',
      details: expect.objectContaining({ reply: 'You are right, sorry.' }),
    });

    const twice = await decide(id, { decision: 'upheld', reply: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: 'This appeal has already been decided.', code: 'already_decided' });
  });

  it('upheld: the post stays removed and the author reads the reply', async () => {
    const postId = await removedPost('Stay gone');
    const { id } = (await appeal(postId)).json();
    expect((await decide(id, { decision: 'upheld', reply: 'The rules are clear.' })).statusCode).toBe(200);
    const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(post?.deletedAt).toBeInstanceOf(Date);
    expect(post?.deleteReason).toBe('Unwanted content');
    const inbox = (await t.app.inject({ url: '/social/notifications/', headers: auth(people.author) })).json();
    expect(inbox.results[0]).toMatchObject({
      type: 'appeal_decided',
      reason: 'upheld',
      text: "Your appeal was reviewed and your post stays removed. Moderator's reply: The rules are clear.",
    });
    const decided = (await t.app.inject({ url: '/social/admin/appeals/?status=upheld&limit=100', headers: auth(people.admin) })).json();
    expect(decided.results.map((item: { id: number }) => item.id)).toContain(id);
    const open = (await t.app.inject({ url: '/social/admin/appeals/?limit=100', headers: auth(people.admin) })).json();
    expect(open.results.map((item: { id: number }) => item.id)).not.toContain(id);
  });

  it('validates the decision and answers 404 for an unknown appeal', async () => {
    expect((await decide(2_000_000_000, { decision: 'restored', reply: 'ok' })).statusCode).toBe(404);
    expect((await decide(1, { decision: 'maybe', reply: '' })).json()).toEqual({
      decision: ['"maybe" is not a valid choice.'],
      reply: ['This field is required.'],
    });
  });
});

describe(`simultaneous decisions (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('two moderators deciding one appeal at once: one wins, the other gets 409, the post is restored once', async () => {
    const postId = await removedPost('Race');
    const { id } = (await appeal(postId)).json();
    const other = await authHeader(t.app, await createUser(t.db, { role: 'AD' }));
    const answers = await Promise.all([
      decide(id, { decision: 'restored', reply: 'Restore it' }),
      decide(id, { decision: 'upheld', reply: 'Keep it removed' }, other),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json();
    const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(post?.deletedAt === null).toBe(winner.status === 'restored');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'post.appeal_decide'), eq(auditLog.targetId, postId)));
    expect(entries).toHaveLength(1);
  });

  it('two appeals of one post at once: one is stored', async () => {
    const postId = await removedPost('Double');
    const answers = await Promise.all([appeal(postId), appeal(postId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(moderationAppeals).where(eq(moderationAppeals.postId, postId))).toHaveLength(1);
  });
});
