import { extractHashtags, type PostPage, type TrendingTags } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  useTestApp,
  createCommunity,
  createPost,
  createUser,
  createUserSettings,
  explain,
  type TestUser,
} from '../../test/index';
import { postPageParams, postPageQuery } from './post-page.sql';
import { postAs } from './posts.test-helpers';

const t = useTestApp();
let author: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  author = await createUser(t.db);
  viewer = await createUser(t.db);
  admin = await createUser(t.db, { role: 'AD' });
});

const post = (as: TestUser, caption: string) => postAs(t.app, as, caption);

async function tagPage(as: TestUser, query: string) {
  const response = await t.app.inject({ url: `/social/posts/?${query}`, headers: await authHeader(t.app, as) });
  return { status: response.statusCode, body: response.json<PostPage & Record<string, unknown>>() };
}

async function trending(as: TestUser): Promise<TrendingTags['results']> {
  const response = await t.app.inject({ url: '/api/tags/trending/', headers: await authHeader(t.app, as) });
  expect(response.statusCode).toBe(200);
  return response.json<TrendingTags>().results;
}

describe('extractHashtags', () => {
  it('reads #tags after a space or punctuation, lower-cased, once each, with a letter, not inside words or entities', () => {
    expect(extractHashtags('#Reunion2026 at the #café, see a#b &#39; #1 (#Class_of_09) #reunion2026 url/#frag')).toEqual([
      'reunion2026',
      'café',
      'class_of_09',
    ]);
  });

  it('keeps at most 20 tags of a text', () => {
    expect(extractHashtags(Array.from({ length: 30 }, (_, i) => `#t${i}`).join(' '))).toHaveLength(20);
  });
});

describe('GET /social/posts/?tag=', () => {
  it("lists the live posts carrying the tag, newest first, paged, with the feed's visibility", async () => {
    const first = await post(author, 'Rowing at dawn #Rowclub');
    const second = await post(author, 'Again! #rowclub #river');
    await post(author, 'Untagged rowclub');
    const hiddenAuthor = await createUser(t.db);
    await createUserSettings(t.db, { userId: hiddenAuthor.id, profileVisibility: 'Private' });
    const hidden = await post(hiddenAuthor, 'Secret #rowclub');
    const page = await tagPage(viewer, 'tag=RowClub&limit=1');
    expect(page.status).toBe(200);
    expect(page.body.results.map((p) => p.id)).toEqual([second]);
    const rest = await tagPage(viewer, `tag=rowclub&limit=5&cursor=${page.body.next ?? ''}`);
    expect(rest.body.results.map((p) => p.id)).toEqual([first]);
    expect((await tagPage(admin, 'tag=%23rowclub')).body.results.map((p) => p.id)).toEqual([hidden, second, first]);
  });

  it('drops a deleted post from its tags', async () => {
    const id = await post(author, 'Soon gone #ephemeral');
    const deleted = await t.app.inject({ method: 'DELETE', url: `/social/posts/${id}/`, headers: await authHeader(t.app, author) });
    expect(deleted.statusCode).toBe(204);
    expect((await tagPage(viewer, 'tag=ephemeral')).body.results).toEqual([]);
    const { rows } = await t.db.execute(sql`select * from post_tags where post_id = ${id}`);
    expect(rows).toEqual([]);
  });

  it('answers 400 to a tag that is not one', async () => {
    for (const tag of ['', '12', 'a b', 'x'.repeat(51), '<script>']) {
      const { status, body } = await tagPage(viewer, `tag=${encodeURIComponent(tag)}`);
      expect(status, tag).toBe(400);
      expect(body, tag).toHaveProperty('tag');
    }
  });

  it("walks post_tags_tag_created_idx for a tag's page, reading the members-only spaces once, not each post's space", async () => {
    const plan = await explain(t.database, postPageQuery('tag', 21), {
      placeholders: postPageParams({ viewer: { id: viewer.id, role: 'AL' }, tag: 'rowclub' }),
      generic: true,
    });
    expect(plan).toMatch(/post_tags_tag_created_idx/);
    // spaceReadableForManySpacesSql: one hashed set of the members-only spaces per statement.
    // PostgreSQL 15 writes `NOT (hashed SubPlan n)`, 17 (PGlite) `NOT (ANY (community_id = (hashed SubPlan n).col1))`.
    expect(plan).toMatch(/NOT \((ANY \(community_id = \()?hashed SubPlan \d+/);
    expect(plan).toMatch(/Filter: \(visibility = 'members'::text\)/);
    expect(plan).not.toMatch(/Filter: \(id = posts\.community_id\)|Index Cond: \(id = posts\.community_id\)/);
  });

  it("lists a public space's tagged posts to everyone, a members-only space's to its members, moderators, authors and administrators", async () => {
    const open = await createCommunity(t.db);
    const closed = await createCommunity(t.db, { visibility: 'members' });
    const [member, moderator, outsider, leaver] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await t.db.execute(sql`insert into community_members (community_id, user_id) values (${closed.id}, ${member.id})`);
    await t.db.execute(sql`insert into community_moderators (community_id, user_id) values (${closed.id}, ${moderator.id})`);
    const tagged = async (userId: number, communityId: number) => {
      const row = await createPost(t.db, { userId, communityId, caption: 'In a space #spacetagwalk' });
      await t.db.execute(sql`insert into post_tags (post_id, tag, created_at) values (${row.id}, 'spacetagwalk', ${row.createdAt})`);
      return row.id;
    };
    const inOpen = await tagged(author.id, open.id);
    const inClosed = await tagged(author.id, closed.id);
    // The leaver wrote in the members-only space and is no longer a member: they keep reading their post.
    const leaversOwn = await tagged(leaver.id, closed.id);
    const ids = async (as: TestUser) => (await tagPage(as, 'tag=spacetagwalk')).body.results.map((listed) => listed.id).sort();
    expect(await ids(outsider)).toEqual([inOpen]);
    expect(await ids(member)).toEqual([inOpen, inClosed, leaversOwn].sort());
    expect(await ids(moderator)).toEqual([inOpen, inClosed, leaversOwn].sort());
    expect(await ids(admin)).toEqual([inOpen, inClosed, leaversOwn].sort());
    expect(await ids(leaver)).toEqual([inOpen, leaversOwn].sort());
  });
});

describe('GET /api/tags/trending/', () => {
  it('counts the live posts of the last 7 days the caller may see, most first, at most 10', async () => {
    const other = await createUser(t.db);
    for (let i = 0; i < 3; i += 1) await post(other, `Trend #hotTopic #n${i}`);
    await post(other, 'Also #warmtopic');
    await post(other, 'And #warmTopic');
    const old = await post(other, 'Old #hottopic');
    await t.db.execute(sql`update post_tags set created_at = now() - interval '8 days' where post_id = ${old}`);
    const secretive = await createUser(t.db);
    await createUserSettings(t.db, { userId: secretive.id, profileVisibility: 'Private' });
    for (let i = 0; i < 5; i += 1) await post(secretive, '#hiddentrend');
    const tags = await trending(viewer);
    expect(tags.length).toBeLessThanOrEqual(10);
    expect(tags.slice(0, 2)).toEqual([
      { tag: 'hottopic', count: 3 },
      { tag: 'rowclub', count: 2 },
    ]);
    expect(tags).toContainEqual({ tag: 'warmtopic', count: 2 });
    expect(tags.map((tag) => tag.tag)).not.toContain('hiddentrend');
    expect((await trending(admin))[0]).toEqual({ tag: 'hiddentrend', count: 5 });
  });
});
