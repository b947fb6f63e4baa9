import type { PostPage } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryOfSharedPlaceholders } from '../../db/prepared';
import {
  authHeader,
  createCommunity,
  createPost,
  createUser,
  createTestApp,
  createUserSettings,
  explain,
  useTestApp,
  type TestUser,
} from '../../test/index';
import { HEAD_ROWS, headViewerQuery } from './post-heads';
import { postPageParams, postPageQuery } from './post-page.sql';

// The kept heads of a space's and a tag's first page (decision 065): answered from memory, with the
// viewer's part read per request, and the very next request sees any change. Heads are filled at
// once here (no quiet after a change); 'the quiet before a fill' below runs with one.
const t = useTestApp({ postHeadFillQuietMs: 0 });
let author: TestUser;
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  author = await createUser(t.db, { firstName: 'Head', lastName: 'Author' });
  viewer = await createUser(t.db);
  admin = await createUser(t.db, { role: 'AD' });
  // On PostgreSQL the channel is listened to on a connection of its own, a moment after start.
  await vi.waitFor(() => expect(t.ctx.repositories.posts.postHeads.enabled).toBe(true));
});
afterAll(() => t.close());

async function page(as: TestUser, url: string): Promise<PostPage> {
  const response = await t.app.inject({ url, headers: await authHeader(t.app, as) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PostPage>();
}

let tags = 0;
/** A fresh tag and `count` posts by `by` carrying it, in a space or none, newest last. */
async function taggedPosts(by: TestUser, count: number, communityId: number | null = null) {
  tags += 1;
  const tag = `headtag${tags}`;
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = await createPost(t.db, {
      userId: by.id,
      communityId,
      caption: `Kept ${index} #${tag}`,
      createdAt: new Date(Date.UTC(2032, 0, 1) + index * 1000),
    });
    await t.db.execute(sql`insert into post_tags (post_id, tag, created_at) values (${row.id}, ${tag}, ${row.createdAt})`);
    ids.push(row.id);
  }
  return { tag, url: `/social/posts/?tag=${tag}`, ids: ids.reverse() };
}

const idsOf = (listed: PostPage) => listed.results.map((post) => post.id);

describe('a kept head', () => {
  it('answers a repeated first page from memory while nothing is announced, and sees the next change', async () => {
    const { url, ids } = await taggedPosts(author, 2);
    expect(idsOf(await page(viewer, url))).toEqual(ids);
    // With the announcement switched off, a deleted post is still listed: the page came from memory...
    await t.db.execute(sql`alter table posts disable trigger posts_announce_post_head_change`);
    try {
      await t.db.execute(sql`update posts set deleted_at = now() where id = ${ids[0]}`);
      expect(idsOf(await page(viewer, url))).toEqual(ids);
    } finally {
      await t.db.execute(sql`alter table posts enable trigger posts_announce_post_head_change`);
    }
    // ...and with it on, the next change is seen at once.
    await t.db.execute(sql`update posts set caption = 'Changed' where id = ${ids[1]}`);
    const after = await page(viewer, url);
    expect(idsOf(after)).toEqual([ids[1]]);
    expect(after.results[0]?.caption).toBe('Changed');
  });

  it("shows on the very next request a post deleted, hidden, edited, liked or added, and an author's new name", async () => {
    const { tag, url, ids } = await taggedPosts(author, 3);
    const [newest, middle, oldest] = ids as [number, number, number];
    expect(idsOf(await page(viewer, url))).toEqual(ids);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/social/posts/${newest}/`, headers: await authHeader(t.app, author) });
    expect(deleted.statusCode).toBe(204);
    expect(idsOf(await page(viewer, url))).toEqual([middle, oldest]);
    // A moderator's removal.
    await t.db.execute(sql`update posts set deleted_at = now(), deleted_by = ${admin.id}, delete_reason = 'spam' where id = ${middle}`);
    expect(idsOf(await page(viewer, url))).toEqual([oldest]);
    const liked = await t.app.inject({ method: 'POST', url: `/social/posts/${oldest}/like/`, headers: await authHeader(t.app, viewer) });
    expect(liked.statusCode).toBe(200);
    const afterLike = (await page(viewer, url)).results[0];
    expect([afterLike?.likes_count, afterLike?.is_liked]).toEqual([1, true]);
    expect((await page(author, url)).results[0]?.is_liked).toBe(false);
    await t.db.execute(sql`update users set first_name = 'Renamed' where id = ${author.id}`);
    expect((await page(viewer, url)).results[0]?.user.first_name).toBe('Renamed');
    await t.db.execute(sql`update posts set caption = 'Edited', edited_at = now() where id = ${oldest}`);
    expect((await page(viewer, url)).results[0]?.caption).toBe('Edited');
    const added = await createPost(t.db, { userId: author.id, caption: `New #${tag}`, createdAt: new Date(Date.UTC(2033, 0, 1)) });
    await t.db.execute(sql`insert into post_tags (post_id, tag, created_at) values (${added.id}, ${tag}, ${added.createdAt})`);
    expect(idsOf(await page(viewer, url))).toEqual([added.id, oldest]);
    await t.db.execute(sql`delete from post_tags where post_id = ${added.id}`);
    expect(idsOf(await page(viewer, url))).toEqual([oldest]);
  });

  it("reads the viewer's part per request: a Private profile, a hidden e-mail, a space turned members-only, a member who left", async () => {
    const writer = await createUser(t.db);
    const member = await createUser(t.db);
    const space = await createCommunity(t.db);
    await t.db.execute(sql`insert into community_members (community_id, user_id) values (${space.id}, ${member.id})`);
    const { url, ids } = await taggedPosts(writer, 2, space.id);
    const spaceUrl = `/api/communities/${space.slug}/posts/`;
    for (const listed of [url, spaceUrl]) {
      expect(idsOf(await page(viewer, listed))).toEqual(ids);
      expect(idsOf(await page(member, listed))).toEqual(ids);
    }
    expect((await page(viewer, url)).results[0]?.user.email).toBe(writer.email);
    await createUserSettings(t.db, { userId: writer.id, emailVisibleTo: 'only_me' });
    const hiddenEmail = (await page(viewer, url)).results[0]?.user.email;
    expect(hiddenEmail).not.toBe(writer.email);
    expect((await page(admin, url)).results[0]?.user.email).toBe(writer.email);
    expect((await page(writer, url)).results[0]?.user.email).toBe(writer.email);
    await t.db.execute(sql`update communities set visibility = 'members' where id = ${space.id}`);
    for (const listed of [url, spaceUrl]) {
      expect(idsOf(await page(viewer, listed))).toEqual([]);
      expect(idsOf(await page(member, listed))).toEqual(ids);
      expect(idsOf(await page(writer, listed))).toEqual(ids);
    }
    await t.db.execute(sql`delete from community_members where community_id = ${space.id} and user_id = ${member.id}`);
    for (const listed of [url, spaceUrl]) expect(idsOf(await page(member, listed))).toEqual([]);
    await t.db.execute(sql`update communities set visibility = 'public' where id = ${space.id}`);
    await t.db.execute(sql`update user_settings set profile_visibility = 'Private' where user_id = ${writer.id}`);
    for (const listed of [url, spaceUrl]) {
      expect(idsOf(await page(viewer, listed))).toEqual([]);
      expect(idsOf(await page(admin, listed))).toEqual(ids);
      expect(idsOf(await page(writer, listed))).toEqual(ids);
    }
  });

  it('pages past the head, and answers from the statement when a viewer may read too few of a cut head', async () => {
    const hiddenWriter = await createUser(t.db);
    await createUserSettings(t.db, { userId: hiddenWriter.id, profileVisibility: 'Private' });
    // HEAD_ROWS hidden posts, newest, over three the viewer may read: the head holds none of those three.
    const { tag, url } = await taggedPosts(author, 3);
    const readable = idsOf(await page(admin, url));
    for (let index = 0; index < HEAD_ROWS; index += 1) {
      const row = await createPost(t.db, {
        userId: hiddenWriter.id,
        caption: `Hidden #${tag}`,
        createdAt: new Date(Date.UTC(2034, 0, 1) + index * 1000),
      });
      await t.db.execute(sql`insert into post_tags (post_id, tag, created_at) values (${row.id}, ${tag}, ${row.createdAt})`);
    }
    expect(idsOf(await page(viewer, url))).toEqual(readable);
    expect(idsOf(await page(viewer, `${url}&limit=2`))).toEqual(readable.slice(0, 2));
    const first = await page(admin, `${url}&limit=${HEAD_ROWS}`);
    expect(first.results).toHaveLength(HEAD_ROWS);
    const rest = await page(admin, `${url}&limit=${HEAD_ROWS}&cursor=${first.next ?? ''}`);
    expect(idsOf(rest)).toEqual(readable);
  });

  it('answers every viewer what the statement answers', async () => {
    const closed = await createCommunity(t.db, { visibility: 'members' });
    const open = await createCommunity(t.db);
    const [member, moderator, outsider, privateWriter, quietWriter] = [
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await t.db.execute(sql`insert into community_members (community_id, user_id) values (${closed.id}, ${member.id})`);
    await t.db.execute(sql`insert into community_moderators (community_id, user_id) values (${closed.id}, ${moderator.id})`);
    await createUserSettings(t.db, { userId: privateWriter.id, profileVisibility: 'Private' });
    await createUserSettings(t.db, { userId: quietWriter.id, emailVisibleTo: 'only_me' });
    tags += 1;
    const tag = `headwalk${tags}`;
    let at = Date.UTC(2035, 0, 1);
    for (const writer of [author, privateWriter, quietWriter, member]) {
      for (const space of [null, open, closed]) {
        for (let index = 0; index < 4; index += 1) {
          at += 1000;
          const row = await createPost(t.db, {
            userId: writer.id,
            communityId: space?.id ?? null,
            caption: `Walk #${tag}`,
            createdAt: new Date(at),
          });
          await t.db.execute(sql`insert into post_tags (post_id, tag, created_at) values (${row.id}, ${tag}, ${row.createdAt})`);
        }
      }
    }
    const urls = [`/social/posts/?tag=${tag}`, `/api/communities/${closed.slug}/posts/`, `/api/communities/${open.slug}/posts/`];
    const viewers = [member, moderator, outsider, privateWriter, quietWriter, admin];
    const kept: PostPage[] = [];
    const withLimit = (url: string, limit: number) => `${url}${url.includes('?') ? '&' : '?'}limit=${limit}`;
    for (const url of urls) for (const as of viewers) for (const limit of [5, 20]) kept.push(await page(as, withLimit(url, limit)));
    // The same requests with the heads off (what the statements answer).
    t.ctx.repositories.posts.postHeads.follow(null);
    const answered: PostPage[] = [];
    for (const url of urls) for (const as of viewers) for (const limit of [5, 20]) answered.push(await page(as, withLimit(url, limit)));
    expect(kept).toEqual(answered);
    expect(kept.some((listed) => listed.results.length === 5 && listed.next !== null)).toBe(true);
  });
});

describe('the quiet before a fill', () => {
  it('fills a head while nothing changed, and none within the quiet after a change: the statement answers then', async () => {
    // A second instance on the same database, whose heads wait a minute after a change.
    const patient = await createTestApp({ postHeadFillQuietMs: 60_000 }, { database: t.database });
    try {
      await vi.waitFor(() => expect(patient.ctx.repositories.posts.postHeads.enabled).toBe(true));
      const heads = patient.ctx.repositories.posts.postHeads;
      const asViewer = async (url: string) => {
        const response = await patient.app.inject({ url, headers: await authHeader(patient.app, viewer) });
        expect(response.statusCode, response.body).toBe(200);
        return idsOf(response.json<PostPage>());
      };
      // Nothing changed since this instance started listening: a head is filled (an empty one).
      expect(await asViewer('/social/posts/?tag=quietunused')).toEqual([]);
      expect(heads.size).toBe(1);
      // The posts were just written, and the instance hears of it before answering: the head is dropped and none filled.
      const { url, ids } = await taggedPosts(author, 2);
      expect(await asViewer(url)).toEqual(ids);
      expect(heads.size).toBe(0);
    } finally {
      await patient.close();
    }
  });
});

describe('the watched columns', () => {
  it("announce every column of people and spaces that a head's statement reads", async () => {
    const read = (table: string) =>
      new Set(
        [...new Set(['tag', 'space'] as const)].flatMap((kind) =>
          [...queryOfSharedPlaceholders(postPageQuery(kind, HEAD_ROWS, true)).sql.matchAll(new RegExp(`"${table}"\\."(\\w+)"`, 'g'))].map(
            (match) => match[1],
          ),
        ),
      );
    const { rows } = await t.db.execute<{ table: string; column: string }>(sql`
      select event_object_table as "table", event_object_column as "column" from information_schema.triggered_update_columns
      where trigger_name in ('users_announce_post_head_change', 'communities_announce_post_head_change')`);
    const watched = (table: string) => new Set(rows.filter((row) => row.table === table).map((row) => row.column));
    // Who may read a space (its visibility) is read per request, by the viewer's part.
    const perRequest = new Set(['visibility']);
    for (const table of ['users', 'communities']) {
      const missing = [...read(table)].filter((column) => column !== undefined && !watched(table).has(column) && !perRequest.has(column));
      expect(missing, table).toEqual([]);
    }
  });
});

describe('the plans', () => {
  it("fill a head by the page's own index and read the viewer's part by primary keys", async () => {
    const admin = { id: 0, role: 'AD' } as const;
    const tagHead = await explain(t.database, postPageQuery('tag', HEAD_ROWS, true), {
      placeholders: postPageParams({ viewer: admin, tag: 'anytag' }),
      generic: true,
    });
    expect(tagHead).toMatch(/post_tags_tag_created_idx/);
    const spaceHead = await explain(t.database, postPageQuery('space', HEAD_ROWS, true), {
      placeholders: postPageParams({ viewer: admin, spaceSlug: 'any-space' }),
      generic: true,
    });
    expect(spaceHead).toMatch(/posts_community_created_idx/);
    const viewerPart = await explain(t.database, headViewerQuery(21), {
      placeholders: { viewerId: viewer.id, seesEveryone: false, ids: [1, 2], authors: [author.id, viewer.id], spaces: [null, 1] },
      generic: true,
    });
    expect(viewerPart).toMatch(/post_likes_pkey/);
    expect(viewerPart).not.toMatch(/Seq Scan on (posts|post_likes|users|community_members)\b/);
  });
});
