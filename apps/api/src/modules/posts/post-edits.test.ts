import type { Comment, Post } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityMembers } from '../../db/schema/index';
import { authHeader, createCommunity, createPost, useTestApp, createUser, type TestUser } from '../../test/index';
import { mentionNotificationsOf, commentAs } from './posts.test-helpers';

const t = useTestApp();
let writer: TestUser;

beforeAll(async () => {
  writer = await createUser(t.db, { firstName: 'Edda', lastName: 'Editor' });
});

async function patch(as: TestUser, url: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url, payload, headers: await authHeader(t.app, as) });
}

const mentionsOf = (person: TestUser) => mentionNotificationsOf(t.app, person);

const comment = (as: TestUser, postId: number, text: string) => commentAs(t.app, as, postId, text);

describe('PATCH /social/posts/{id}/', () => {
  it('saves the caption, marks it edited, moves its tags, and tells only the newly mentioned person', async () => {
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    const made = await createPost(t.db, { userId: writer.id, caption: 'old' });
    const once = await patch(writer, `/social/posts/${made.id}/`, { caption: `Hi @${first.username} #oldtag` });
    expect(once.statusCode).toBe(200);
    expect(once.json<Post>().edited_at).not.toBeNull();
    const twice = await patch(writer, `/social/posts/${made.id}/`, { caption: `Hi @${first.username} and @${second.username} #newtag` });
    expect(twice.json<Post>()).toMatchObject({ caption: `Hi @${first.username} and @${second.username} #newtag` });
    expect(await mentionsOf(first)).toHaveLength(1);
    expect(await mentionsOf(second)).toHaveLength(1);
    const tagged = await t.app.inject({ url: '/social/posts/?tag=newtag', headers: await authHeader(t.app, writer) });
    expect(tagged.json<{ results: Post[] }>().results.map((post) => post.id)).toContain(made.id);
    const untagged = await t.app.inject({ url: '/social/posts/?tag=oldtag', headers: await authHeader(t.app, writer) });
    expect(untagged.json<{ results: Post[] }>().results.map((post) => post.id)).not.toContain(made.id);
  });

  it('validates like a new post, answers 403 to anyone but the author and 404 for a post hidden from them', async () => {
    const made = await createPost(t.db, { userId: writer.id, caption: 'mine' });
    expect((await patch(writer, `/social/posts/${made.id}/`, { caption: '   ' })).statusCode).toBe(400);
    expect((await patch(writer, `/social/posts/${made.id}/`, { caption: 'x'.repeat(2001) })).statusCode).toBe(400);
    const other = await createUser(t.db);
    const forbidden = await patch(other, `/social/posts/${made.id}/`, { caption: 'not mine' });
    expect(forbidden.statusCode).toBe(403);
    const space = await createCommunity(t.db, { visibility: 'members' });
    await t.db.insert(communityMembers).values({ communityId: space.id, userId: writer.id });
    const inSpace = await createPost(t.db, { userId: writer.id, communityId: space.id, caption: 'members only' });
    expect((await patch(other, `/social/posts/${inSpace.id}/`, { caption: 'peek' })).statusCode).toBe(404);
  });

  it('does not tell a person who may not read the post (a members-only space)', async () => {
    const space = await createCommunity(t.db, { visibility: 'members' });
    const outsider = await createUser(t.db);
    await t.db.insert(communityMembers).values({ communityId: space.id, userId: writer.id });
    const made = await createPost(t.db, { userId: writer.id, communityId: space.id, caption: 'quiet' });
    expect((await patch(writer, `/social/posts/${made.id}/`, { caption: `@${outsider.username}` })).statusCode).toBe(200);
    expect(await mentionsOf(outsider)).toEqual([]);
  });
});

describe('PATCH /social/posts/{id}/comments/{comment_id}/', () => {
  it('saves the text for its author, tells the newly mentioned once, 403 for others, 404 under another post', async () => {
    const [named, other] = [await createUser(t.db), await createUser(t.db)];
    const made = await createPost(t.db, { userId: other.id, caption: 'a post' });
    const commentId = await comment(writer, made.id, 'first thought');
    const url = `/social/posts/${made.id}/comments/${commentId}/`;
    const edited = await patch(writer, url, { text: `cc @${named.username}` });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Comment>()).toMatchObject({ id: commentId, text: `cc @${named.username}` });
    expect(edited.json<Comment>().edited_at).not.toBeNull();
    await patch(writer, url, { text: `cc @${named.username} again` });
    expect(await mentionsOf(named)).toHaveLength(1);
    expect((await patch(other, url, { text: 'hijack' })).statusCode).toBe(403);
    expect((await patch(writer, url, { text: '' })).statusCode).toBe(400);
    const elsewhere = await createPost(t.db, { userId: other.id, caption: 'another' });
    expect((await patch(writer, `/social/posts/${elsewhere.id}/comments/${commentId}/`, { text: 'moved' })).statusCode).toBe(404);
  });
});
