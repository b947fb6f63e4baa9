import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commentMentions, communityMembers } from '../../db/schema/index';
import { authHeader, connect, createCommunity, createPost, useTestApp, createUser, type TestUser } from '../../test/index';
import { findPostMentions } from './mentions.repository';
import { mentionInText } from './mentions.service';
import { postAs, commentAs, mentionNotificationsOf } from './posts.test-helpers';

const t = useTestApp();
let writer: TestUser;

beforeAll(async () => {
  writer = await createUser(t.db, { firstName: 'Wren', lastName: 'Writer' });
});

const post = (as: TestUser, caption: string) => postAs(t.app, as, caption);

const comment = (as: TestUser, postId: number, text: string) => commentAs(t.app, as, postId, text);

const mentionsOf = (person: TestUser) => mentionNotificationsOf(t.app, person);

async function setVisibility(person: TestUser, visibility: 'Private' | 'Only Connections') {
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/social/settings/',
    headers: await authHeader(t.app, person),
    payload: { profile_visibility: visibility },
  });
  expect(saved.statusCode).toBe(200);
}

describe('mentions in posts', () => {
  it("in a members-only space, tells only the space's members", async () => {
    const space = await createCommunity(t.db, { visibility: 'members' });
    const [member, outsider] = [await createUser(t.db), await createUser(t.db)];
    await t.db.insert(communityMembers).values([
      { communityId: space.id, userId: writer.id },
      { communityId: space.id, userId: member.id },
    ]);
    const made = await createPost(t.db, { userId: writer.id, communityId: space.id, caption: 'in the space' });
    const as = { id: writer.id, role: 'TR' as const, email: writer.email, is_staff: false, session: '' };
    await mentionInText(t.ctx, as, `@${member.username} @${outsider.username}`, { postId: made.id, postAuthorId: writer.id });
    expect((await findPostMentions(t.db, made.id)).sort()).toEqual([member.id]);
    expect(await mentionsOf(outsider)).toEqual([]);
    expect(await mentionsOf(member)).toHaveLength(1);
  });

  it('stores and tells the person named, case-insensitively, not an e-mail address nor the writer', async () => {
    const named = await createUser(t.db);
    const postId = await post(
      writer,
      `Thanks @${named.username.toUpperCase()}! Mail ${named.username}@example.com, cc @${writer.username}`,
    );
    expect(await findPostMentions(t.db, postId)).toEqual([named.id]);
    const told = await mentionsOf(named);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ post_id: postId, text: 'Wren Writer mentioned you in a post.', actor: { id: writer.id } });
    expect(await mentionsOf(writer)).toEqual([]);
  });

  it('tells nobody who may not see the post (its author private, or only for connections)', async () => {
    const hiddenAuthor = await createUser(t.db);
    const named = await createUser(t.db);
    const friend = await createUser(t.db);
    await connect(t.app, hiddenAuthor, friend);
    await setVisibility(hiddenAuthor, 'Only Connections');
    const postId = await post(hiddenAuthor, `@${named.username} and @${friend.username}`);
    expect(await findPostMentions(t.db, postId)).toEqual([friend.id]);
    expect(await mentionsOf(named)).toEqual([]);
    expect(await mentionsOf(friend)).toHaveLength(1);
  });

  it('names nobody the writer may not see, nor an inactive person', async () => {
    const privatePerson = await createUser(t.db);
    await setVisibility(privatePerson, 'Private');
    const gone = await createUser(t.db, { isActive: false });
    const postId = await post(writer, `@${privatePerson.username} @${gone.username}`);
    expect(await findPostMentions(t.db, postId)).toEqual([]);
    expect(await mentionsOf(privatePerson)).toEqual([]);
  });

  it('keeps at most ten people of one text', async () => {
    const people: TestUser[] = [];
    for (let index = 0; index < 12; index += 1) people.push(await createUser(t.db));
    const postId = await post(writer, people.map((person) => `@${person.username}`).join(' '));
    expect((await findPostMentions(t.db, postId)).sort((a, b) => a - b)).toEqual(people.slice(0, 10).map((person) => person.id));
    expect(await mentionsOf(people[11]!)).toEqual([]);
  });

  it('follows the mention row of Settings → Notifications', async () => {
    const quiet = await createUser(t.db);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/notifications/',
      headers: await authHeader(t.app, quiet),
      payload: { types: { mention: { in_app: false, email: 'off' } } },
    });
    expect(saved.statusCode).toBe(200);
    await post(writer, `hello @${quiet.username}`);
    expect(await mentionsOf(quiet)).toEqual([]);
  });
});

describe('mentions in comments', () => {
  it('tells the person named in a comment, only if they may see the post, and an edit tells only the newly named', async () => {
    const named = await createUser(t.db);
    const later = await createUser(t.db);
    const postId = await post(writer, 'A question');
    const commentId = await comment(writer, postId, `what do you think, @${named.username}?`);
    expect(await mentionsOf(named)).toMatchObject([{ post_id: postId, text: 'Wren Writer mentioned you in a comment.' }]);

    // The same text edited to name one more person: only the new one is told.
    const place = { postId, postAuthorId: writer.id, commentId };
    const edited = `what do you think, @${named.username} and @${later.username}?`;
    expect(
      await mentionInText(t.ctx, { id: writer.id, role: 'TR', email: writer.email, is_staff: false, session: '' }, edited, place),
    ).toEqual([later.id]);
    expect(await mentionsOf(named)).toHaveLength(1);
    expect(await mentionsOf(later)).toHaveLength(1);
    const rows = await t.db.select().from(commentMentions).where(eq(commentMentions.commentId, commentId));
    expect(rows.map((row) => row.userId).sort((a, b) => a - b)).toEqual([named.id, later.id].sort((a, b) => a - b));
  });

  it("tells nobody who may not see the post's author, even when an administrator writes", async () => {
    const admin = await createUser(t.db, { role: 'AD' });
    const privateAuthor = await createUser(t.db);
    const named = await createUser(t.db);
    const hidden = await createPost(t.db, { userId: privateAuthor.id, caption: 'private thoughts', image: 'posts/x.webp' });
    await setVisibility(privateAuthor, 'Private');
    await comment(admin, hidden.id, `@${named.username} look`);
    expect(await mentionsOf(named)).toEqual([]);
  });
});
