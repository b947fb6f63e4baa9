import { SNIPPET_MATCH_END, SNIPPET_MATCH_START, type SearchEverythingResult } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { comments, communityMembers, posts } from '../../db/schema/index';
import { authHeader, connect, createCommunity, createPost, createUser, useTestApp, type TestUser } from '../../test/index';

// A comment is found through its post (decision 050): the post's stored document holds its comments' words.

const t = useTestApp();
let viewer: TestUser;
let author: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
  author = await createUser(t.db, { firstName: 'Cora', lastName: 'Caption' });
});

async function search(user: TestUser, q: string, type?: string) {
  const query = new URLSearchParams(type ? { q, type } : { q });
  const response = await t.app.inject({ url: `/api/search/?${query.toString()}`, headers: await authHeader(t.app, user) });
  expect(response.statusCode).toBe(200);
  return response.json<SearchEverythingResult>().results;
}

async function postIdsFound(user: TestUser, q: string): Promise<number[]> {
  return (await search(user, q, 'posts')).map((hit) => hit.id);
}

async function comment(user: TestUser, postId: number, text: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/social/posts/${postId}/comment/`,
    headers: await authHeader(t.app, user),
    payload: { text },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
}

function marked(snippet: string): string[] {
  return [...snippet.matchAll(new RegExp(`${SNIPPET_MATCH_START}([^${SNIPPET_MATCH_END}]*)${SNIPPET_MATCH_END}`, 'gu'))].map(
    (m) => m[1] ?? '',
  );
}

describe('GET /api/search/ finds posts by their comments', () => {
  it('finds a post by a word only in a comment, with the match in the snippet and the post as the link', async () => {
    const post = await createPost(t.db, { userId: author.id, caption: 'Photos from the spring gathering', image: null });
    const commenter = await createUser(t.db);
    await comment(commenter, post.id, 'Lovely light in these');
    await comment(commenter, post.id, 'Was that the capybaraland exhibit behind you?');
    const results = await search(viewer, 'capybaraland');
    expect(results).toEqual([
      { type: 'posts', id: post.id, title: 'Cora Caption', snippet: expect.any(String), url: `/user/profile/${author.id}#post-${post.id}` },
    ]);
    expect(marked(results[0]?.snippet ?? '')).toEqual(['capybaraland']);
    // The caption's own words still find it, marked in the caption.
    const byCaption = await search(viewer, 'gathering', 'posts');
    expect(byCaption.map((hit) => hit.id)).toContain(post.id);
  });

  it('shows a comment of a members-only space post to members alone, and of a connections-only author to connections alone', async () => {
    const space = await createCommunity(t.db, { visibility: 'members' });
    const member = await createUser(t.db);
    await t.db.insert(communityMembers).values([
      { communityId: space.id, userId: member.id },
      { communityId: space.id, userId: author.id },
    ]);
    const spacePost = await createPost(t.db, { userId: author.id, caption: 'Space news', image: null, communityId: space.id });
    await comment(member, spacePost.id, 'ocelotmembersonly sighting');
    expect(await postIdsFound(member, 'ocelotmembersonly')).toEqual([spacePost.id]);
    expect(await postIdsFound(viewer, 'ocelotmembersonly')).toEqual([]);
    expect(await search(viewer, 'ocelotmembersonly')).toEqual([]);

    const guarded = await createUser(t.db);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/',
      headers: await authHeader(t.app, guarded),
      payload: { profile_visibility: 'Only Connections' },
    });
    expect(settings.statusCode).toBe(200);
    const friend = await createUser(t.db);
    await connect(t.app, guarded, friend);
    const guardedPost = await createPost(t.db, { userId: guarded.id, caption: 'Connections only', image: null });
    await comment(friend, guardedPost.id, 'pangolinfriends forever');
    expect(await postIdsFound(friend, 'pangolinfriends')).toEqual([guardedPost.id]);
    expect(await postIdsFound(viewer, 'pangolinfriends')).toEqual([]);
  });

  it('replaces an edited comment’s words', async () => {
    const post = await createPost(t.db, { userId: author.id, caption: 'Edit me', image: null });
    const commenter = await createUser(t.db);
    const commentId = await comment(commenter, post.id, 'first narwhalbefore thought');
    await comment(commenter, post.id, 'second comment stays walrusstays');
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/social/posts/${post.id}/comments/${commentId}/`,
      headers: await authHeader(t.app, commenter),
      payload: { text: 'first narwhalafter thought' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await postIdsFound(viewer, 'narwhalbefore')).toEqual([]);
    expect(await postIdsFound(viewer, 'narwhalafter')).toEqual([post.id]);
    expect(await postIdsFound(viewer, 'walrusstays')).toEqual([post.id]);
    // A caption edit keeps the comments' words.
    await t.db.update(posts).set({ caption: 'Edited caption' }).where(eq(posts.id, post.id));
    expect(await postIdsFound(viewer, 'narwhalafter')).toEqual([post.id]);
  });

  it('no longer finds the post by a deleted comment, nor by the comments of a person who left', async () => {
    const post = await createPost(t.db, { userId: author.id, caption: 'Goodbyes', image: null });
    const leaver = await createUser(t.db);
    const stayer = await createUser(t.db);
    const deleted = await comment(stayer, post.id, 'tapirdeleted remark');
    await comment(stayer, post.id, 'meerkatkept remark');
    await comment(leaver, post.id, 'lemurleaving remark');
    await t.db.delete(comments).where(eq(comments.id, deleted));
    expect(await postIdsFound(viewer, 'tapirdeleted')).toEqual([]);
    expect(await postIdsFound(viewer, 'lemurleaving')).toEqual([post.id]);

    const left = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/',
      headers: await authHeader(t.app, leaver),
      payload: { password: leaver.password },
    });
    expect(left.statusCode).toBe(204);
    expect(await postIdsFound(viewer, 'lemurleaving')).toEqual([]);
    expect(await postIdsFound(viewer, 'meerkatkept')).toEqual([post.id]);
  });

  // tsvector holds at most 1 MB: a thread past it keeps taking comments; the words past it are not searchable.
  it('keeps taking comments on a post whose words pass what a document holds', async () => {
    const post = await createPost(t.db, { userId: author.id, caption: 'A long thread', image: null });
    const commenter = await createUser(t.db);
    const words = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i}x`).join(' ');
    await t.db.insert(comments).values({ postId: post.id, userId: commenter.id, text: `gnufirsthalf ${words('fill', 40_000)}` });
    await t.db.insert(comments).values({ postId: post.id, userId: commenter.id, text: `ibexpastlimit ${words('more', 40_000)}` });
    await comment(commenter, post.id, 'koalasmall reply');
    expect(await postIdsFound(viewer, 'gnufirsthalf')).toEqual([post.id]);
    expect(await postIdsFound(viewer, 'ibexpastlimit')).toEqual([]);
    expect(await postIdsFound(viewer, 'koalasmall')).toEqual([post.id]);
    // Built again from scratch (a caption edit), the document keeps the comments that fit, oldest first.
    await t.db.update(posts).set({ caption: 'A longer thread' }).where(eq(posts.id, post.id));
    expect(await postIdsFound(viewer, 'gnufirsthalf')).toEqual([post.id]);
    expect(await postIdsFound(viewer, 'ibexpastlimit')).toEqual([]);
    expect(await postIdsFound(viewer, 'koalasmall')).toEqual([post.id]);
  });
});
