import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../../../db/schema/index';
import { createCommunity, createEvent, createPost, useTestApp, createUser, requestsAs, type TestUser } from '../../../test/index';

// Deleting a person keeps the other side of each conversation (their messages, the deleted
// sender shown as 'Deleted user') and takes their likes, comments, memberships and
// registrations off every counter in the same transaction.

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
});

const { as, ok } = requestsAs(() => t.app);

/** The stored counter next to the real number of rows it counts. */
async function counters(postId: number, communityId: number, eventId: number) {
  const { rows } = await t.db.execute<Record<string, number>>(sql`
    select
      (select likes_count from posts where id = ${postId}) as likes_count,
      (select count(*)::int from post_likes where post_id = ${postId}) as likes,
      (select comments_count from posts where id = ${postId}) as comments_count,
      (select count(*)::int from comments where post_id = ${postId}) as comments,
      (select members_count from communities where id = ${communityId}) as members_count,
      (select count(*)::int from community_members where community_id = ${communityId}) as members,
      (select registrations_count from events where id = ${eventId}) as registrations_count,
      (select count(*)::int from event_registrations where event_id = ${eventId}) as registrations`);
  return rows[0];
}

describe('deleting a person', () => {
  it('takes their likes, comments, memberships and registrations off the counters at once', async () => {
    const [owner, leaving, staying] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const post = await createPost(t.db, { userId: owner.id, caption: 'a post', image: 'posts/a.webp' });
    const community = await createCommunity(t.db, { slug: `club-${leaving.id}`, name: 'Club', description: 'A club', icon: 'star' });
    const event = await createEvent(t.db, { title: 'Meet-up', startsAt: new Date('2031-01-01T10:00:00Z') });
    for (const person of [leaving, staying]) {
      await ok(person, 'POST', `/social/posts/${post.id}/like/`);
      await ok(person, 'POST', `/social/posts/${post.id}/comment/`, { text: 'one' });
      await ok(person, 'POST', `/social/posts/${post.id}/comment/`, { text: 'two' });
      await ok(person, 'POST', `/api/communities/${community.slug}/join/`);
      await ok(person, 'POST', `/api/events/${event.id}/register/`);
    }
    expect(await counters(post.id, community.id, event.id)).toEqual({
      likes_count: 2,
      likes: 2,
      comments_count: 4,
      comments: 4,
      members_count: 2,
      members: 2,
      registrations_count: 2,
      registrations: 2,
    });

    await ok(admin, 'DELETE', `/users/admin/delete-user/${leaving.id}/`);

    expect(await counters(post.id, community.id, event.id)).toEqual({
      likes_count: 1,
      likes: 1,
      comments_count: 2,
      comments: 2,
      members_count: 1,
      members: 1,
      registrations_count: 1,
      registrations: 1,
    });
    const [stored] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect([stored?.likesCount, stored?.commentsCount]).toEqual([1, 2]);
    const seen = (await ok(owner, 'GET', '/social/posts/user-posts/')).json<{
      results: { likes_count: number; comments_count: number }[];
    }>();
    expect(seen.results[0]).toMatchObject({ likes_count: 1, comments_count: 2 });
  });

  it("keeps the conversation and its messages for the other person, the sender shown as 'Deleted user'", async () => {
    const [leaving, other] = await Promise.all([createUser(t.db, { firstName: 'Gone', lastName: 'Person' }), createUser(t.db)]);
    const started = await ok(leaving, 'POST', '/social/conversations/start_conversation/', { user_id: other.id });
    const conversationId = started.json<{ id: number }>().id;
    await ok(other, 'POST', `/social/conversations/${conversationId}/send_message/`, { content: 'Hi there' });
    await ok(leaving, 'POST', `/social/conversations/${conversationId}/send_message/`, { content: 'Goodbye' });

    await ok(admin, 'DELETE', `/users/admin/delete-user/${leaving.id}/`);

    const list = (await ok(other, 'GET', '/social/conversations/')).json<{ results: unknown[] }>();
    expect(list.results).toEqual([
      expect.objectContaining({
        id: conversationId,
        other_user: { id: null, username: '', first_name: 'Deleted user', last_name: '', profile_image: null },
        unread_count: 1,
        last_message: expect.objectContaining({ content: 'Goodbye', sender_id: null }),
      }),
    ]);
    const messages = (await ok(other, 'GET', `/social/conversations/${conversationId}/messages/`)).json<{ results: unknown[] }>();
    expect(messages.results).toEqual([
      expect.objectContaining({ content: 'Goodbye', sender: { id: null }, sender_id: null }),
      expect.objectContaining({ content: 'Hi there', sender: { id: other.id }, sender_id: other.id }),
    ]);
    // Nobody is left to read a reply.
    const reply = await as(other, 'POST', `/social/conversations/${conversationId}/send_message/`, { content: 'Still there?' });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual({ detail: 'This person deleted their account.', code: 'recipient_deleted' });
    const after = (await ok(other, 'GET', `/social/conversations/${conversationId}/messages/`)).json<{ results: unknown[] }>();
    expect(after.results).toHaveLength(2);
  });
});
