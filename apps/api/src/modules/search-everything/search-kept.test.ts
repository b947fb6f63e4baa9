import { SEARCH_KINDS, type Role, type SearchEverythingResult, type SearchKind } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { comments, communities, communityMembers, posts, users } from '../../db/schema/index';
import {
  authHeader,
  connect,
  createCommunity,
  createEvent,
  createJob,
  createPost,
  createTestApp,
  createTestConfig,
  createUser,
  startSecondInstance,
  type TestApp,
  type TestUser,
} from '../../test/index';
import { shownStatementQuery, type SearchHitRow } from './search-everything.repository';
import { circleQuery, KEPT_MATCHES_MAX, keptPage, keptTextOf, keptTextQuery, type KeptRow } from './search-kept';
import { SEARCH_MIXED_PER_KIND, SEARCH_PAGE_SIZE } from './search-everything.service';
import { splitSearchText } from './search-sources';
import { probesQuery } from './search-walks';

// The ranked matches of a text kept in memory (decision 057) follow every change at once: each case
// searches (the text is kept), searches again (from memory), makes the change, and searches again
// with no waiting in between.

let t: TestApp;
let viewer: TestUser;
let admin: TestUser;
let words = 0;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createUser(t.db, { firstName: 'Kept', lastName: 'Viewer' });
  admin = await createUser(t.db, { firstName: 'Kept', lastName: 'Admin', role: 'AD' });
  // On PostgreSQL the channel is listened to on a connection of its own, a moment after start.
  await vi.waitFor(() => expect(t.ctx.repositories.searchEverything.keptTexts.enabled).toBe(true));
});
afterAll(() => t.close());

/** A word no other case uses. */
function word(): string {
  words += 1;
  return `keptword${words}x`;
}

async function searchOn(app: App, person: TestUser, q: string, type?: SearchKind): Promise<SearchEverythingResult> {
  const query = new URLSearchParams(type ? { q, type } : { q });
  const response = await app.inject({ url: `/api/search/?${query.toString()}`, headers: await authHeader(app, person) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchEverythingResult>();
}
const found = async (person: TestUser, q: string, app: App = t.app) =>
  (await searchOn(app, person, q)).results.map((hit) => `${hit.type}:${hit.id}`);

/** Searched twice: the second answer comes from the kept text. */
async function kept(person: TestUser, q: string, app: App = t.app): Promise<string[]> {
  const first = await found(person, q, app);
  expect(await found(person, q, app)).toEqual(first);
  return first;
}

async function as(person: TestUser, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: await authHeader(t.app, person), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('search everything from the kept matches', () => {
  it('answers a repeated text from memory while nothing is announced', async () => {
    const q = word();
    const author = await createUser(t.db);
    const post = await createPost(t.db, { userId: author.id, caption: `about ${q}`, image: null });
    expect(await kept(viewer, q)).toEqual([`posts:${post.id}`]);
    // With the announcement switched off, a deletion is not seen: the answer came from memory...
    await t.db.execute(sql`alter table posts disable trigger posts_announce_search_change`);
    try {
      await t.db.update(posts).set({ deletedAt: new Date() }).where(eq(posts.id, post.id));
      expect(await found(viewer, q)).toEqual([`posts:${post.id}`]);
    } finally {
      await t.db.execute(sql`alter table posts enable trigger posts_announce_search_change`);
    }
    // ...and any announced change drops it.
    await t.db
      .update(communities)
      .set({ name: sql`${communities.name}` })
      .where(eq(communities.id, -1));
    expect(await found(viewer, q)).toEqual([]);
  });

  it('stops finding a deleted post', async () => {
    const q = word();
    const author = await createUser(t.db);
    const post = await createPost(t.db, { userId: author.id, caption: `about ${q}`, image: null });
    expect(await kept(viewer, q)).toEqual([`posts:${post.id}`]);
    await as(author, 'DELETE', `/social/posts/${post.id}/`);
    expect(await found(viewer, q)).toEqual([]);
  });

  it('stops finding a post by a removed comment', async () => {
    const q = word();
    const author = await createUser(t.db);
    const post = await createPost(t.db, { userId: author.id, caption: 'nothing to see', image: null });
    await as(author, 'POST', `/social/posts/${post.id}/comment/`, { text: `a comment on ${q}` });
    expect(await kept(viewer, q)).toEqual([`posts:${post.id}`]);
    await t.db.delete(comments).where(eq(comments.postId, post.id));
    expect(await found(viewer, q)).toEqual([]);
  });

  it('follows a person setting Private and Only Connections, for strangers and connections', async () => {
    const q = word();
    const person = await createUser(t.db, { firstName: q, lastName: 'Person' });
    const post = await createPost(t.db, { userId: person.id, caption: `by ${q}`, image: null });
    const friend = await createUser(t.db);
    await connect(t.app, person, friend);
    const both = [`people:${person.id}`, `posts:${post.id}`];
    expect(await kept(viewer, q)).toEqual(both);
    expect(await kept(friend, q)).toEqual(both);
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Only Connections' });
    expect(await found(viewer, q)).toEqual([]);
    expect(await found(friend, q)).toEqual(both);
    expect(await found(person, q)).toEqual(both);
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
    expect(await found(friend, q)).toEqual([]);
    expect(await found(person, q)).toEqual(both);
    expect(await found(admin, q)).toEqual(both);
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Public' });
    expect(await found(viewer, q)).toEqual(both);
  });

  it('sees a new connection at once (the viewer part is read per request)', async () => {
    const q = word();
    const person = await createUser(t.db, { firstName: q, lastName: 'Closed' });
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Only Connections' });
    const stranger = await createUser(t.db);
    expect(await kept(stranger, q)).toEqual([]);
    await connect(t.app, person, stranger);
    expect(await found(stranger, q)).toEqual([`people:${person.id}`]);
  });

  it('stops finding a deactivated person', async () => {
    const q = word();
    const person = await createUser(t.db, { firstName: q, lastName: 'Leaving' });
    expect(await kept(viewer, q)).toEqual([`people:${person.id}`]);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    expect(await found(viewer, q)).toEqual([]);
  });

  it('follows a space turning members-only and a member leaving it (its posts and events)', async () => {
    const q = word();
    const space = await createCommunity(t.db, { name: `Space ${words}` });
    const member = await createUser(t.db);
    const author = await createUser(t.db);
    for (const person of [member, author]) await as(person, 'POST', `/api/communities/${space.slug}/join/`);
    const post = await createPost(t.db, { userId: author.id, communityId: space.id, caption: `in ${q}`, image: null });
    const event = await createEvent(t.db, { title: `Meet ${q}`, communityId: space.id });
    const both = [`posts:${post.id}`, `events:${event.id}`];
    expect(await kept(viewer, q)).toEqual(both);
    expect(await kept(member, q)).toEqual(both);
    await t.db.update(communities).set({ visibility: 'members' }).where(eq(communities.id, space.id));
    expect(await found(viewer, q)).toEqual([]);
    expect(await found(member, q)).toEqual(both);
    // The author reads their own post after leaving; the event goes.
    await as(author, 'POST', `/api/communities/${space.slug}/leave/`);
    expect(await found(author, q)).toEqual([`posts:${post.id}`]);
    await t.db.delete(communityMembers).where(eq(communityMembers.userId, member.id));
    expect(await found(member, q)).toEqual([]);
  });
});

/** The hits as the service reads them (the statements' rows carry their kind too). */
const hits = (byKind: Map<SearchKind, SearchHitRow[]>) =>
  [...byKind].map(([kind, rows]) => [kind, rows.map(({ id, title, snippet, rank, path_key }) => ({ id, title, snippet, rank, path_key }))]);

describe('the kept matches answer what the statements answer', () => {
  it('for a set of texts and viewers, mixed and by kind, every page', async () => {
    const stem = word();
    const open = await createCommunity(t.db, { name: `Open ${stem}` });
    const closed = await createCommunity(t.db, { name: `Closed ${stem}`, visibility: 'members' });
    const people: TestUser[] = [];
    for (const [i, visibility] of (['Public', 'Private', 'Only Connections', 'Public', 'Only Connections'] as const).entries()) {
      const person = await createUser(t.db, { firstName: `${stem}`, lastName: `Member${i}` });
      if (visibility !== 'Public') await as(person, 'PUT', '/social/settings/', { profile_visibility: visibility });
      people.push(person);
    }
    const [p0, , p2, p3] = people as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await connect(t.app, p2, p3);
    await as(p3, 'POST', `/api/communities/${closed.slug}/join/`);
    let n = 0;
    for (const author of people) {
      for (const space of [null, open, closed]) {
        n += 1;
        await createPost(t.db, {
          userId: author.id,
          communityId: space?.id ?? null,
          caption: `${stem} ${n % 3 === 0 ? `${stem} ${stem}` : 'plain'} note ${n}`,
          image: null,
        });
      }
    }
    const deleted = await createPost(t.db, { userId: p0.id, caption: `${stem} gone`, image: null });
    await as(p0, 'DELETE', `/social/posts/${deleted.id}/`);
    for (const space of [null, open, closed]) await createEvent(t.db, { title: `${stem} event`, communityId: space?.id ?? null });
    await createJob(t.db, { postedBy: admin.id, title: `${stem} job` });
    await createJob(t.db, { postedBy: admin.id, title: `${stem} closed job`, status: 'closed' });
    const repository = t.ctx.repositories.searchEverything;
    const texts = [stem, `${stem} note`, `${stem} no`, `"${stem} plain"`, `${stem} `, stem.slice(0, 6), 'zzzz nothing'].map(
      splitSearchText,
    );
    let compared = 0;
    for (const text of texts) {
      for (const { id, role } of [...people, viewer, admin]) {
        const person = { id, role: role as Role };
        const search = { viewer: person, text, take: SEARCH_MIXED_PER_KIND };
        expect(hits(await repository.searchKinds(SEARCH_KINDS, search))).toEqual(
          hits(await repository.searchKindsByStatements(SEARCH_KINDS, search)),
        );
        for (const kind of SEARCH_KINDS) {
          let after: { rank: number; id: number } | undefined;
          for (let page = 0; page < 4; page += 1) {
            const paged = { viewer: person, text, take: 3, after };
            const fromMemory = await repository.searchKinds([kind], paged);
            expect(hits(fromMemory)).toEqual(hits(await repository.searchKindsByStatements([kind], paged)));
            compared += 1;
            const last = fromMemory.get(kind)?.at(-1);
            if (!last) break;
            after = { rank: last.rank, id: last.id };
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(repository.keptTexts.size).toBeGreaterThan(0);
    expect(SEARCH_PAGE_SIZE).toBe(20);
    // About 700 searches, each both ways: long on a loaded machine.
  }, 180_000);

  it('leave a viewer who sees too few of a cut list to the statements', () => {
    const rows: KeptRow[] = Array.from({ length: KEPT_MATCHES_MAX + 1 }, (_, i) => ({
      kind: 'people',
      id: i + 1,
      rank: 0.1,
      person: i + 1,
      // One in five Public: 400 of the kept 2,000.
      profile: i % 5 === 0 ? 0 : 1,
      space: 0,
      space_kind: 0,
    }));
    const list = keptTextOf(rows).kinds.get('people');
    if (!list) throw new Error('no list');
    expect(list.length).toBe(KEPT_MATCHES_MAX);
    expect(list.cut).toBe(true);
    const circle = { connections: new Set<number>(), spaces: new Set<number>() };
    expect(keptPage('people', list, { id: 999_999, role: 'AL' }, circle, undefined, 3)).toBeNull();
    // An administrator sees all 2,000 (the newest, 2 to 2,001): their newest 500 are among them.
    expect(keptPage('people', list, { id: 999_999, role: 'AD' }, null, undefined, 3)?.map((row) => row.id)).toEqual([2001, 2000, 1999]);
    // Uncut, the list holds every match: it answers whatever the viewer sees.
    const uncut = keptTextOf(rows.slice(0, 1000)).kinds.get('people');
    if (!uncut) throw new Error('no list');
    expect(keptPage('people', uncut, { id: 999_999, role: 'AL' }, circle, undefined, 2)?.map((row) => row.id)).toEqual([996, 991]);
  });
});

describe('the announcement (migration 0047_search_changes)', () => {
  // Every writer goes through it (it is the database's), so what can go wrong is a kept list or a
  // shown row reading a column or a table it does not watch: the statements' texts are held to the
  // triggers' columns (a generated column to the columns it is generated from). The viewer's part
  // (connections, memberships) is read per request and needs none.
  it('watches every table and column the kept lists and the shown rows read, for every change of a row', async () => {
    const read = new Set<string>();
    const walks = new Map<SearchKind, number>([
      ['people', 2000],
      ['posts', 4000],
    ]);
    for (const text of [
      { head: 'a b', last: null },
      { head: 'a ', last: 'b' },
    ]) {
      for (const query of [
        keptTextQuery(walks, text),
        keptTextQuery(new Map(), text),
        shownStatementQuery(text),
        probesQuery(SEARCH_KINDS, text),
      ]) {
        if (!query) continue;
        const { sql: statement } = new PgDialect().sqlToQuery(query);
        for (const [, table, column] of statement.matchAll(/"(\w+)"\."(\w+)"/g)) read.add(`${table}.${column}`);
        for (const [, table] of statement.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)) read.add(`${table}.*`);
      }
    }
    const { rows: columns } = await t.db.execute<{ name: string }>(sql`
      select event_object_table || '.' || event_object_column as name from information_schema.triggered_update_columns
      where trigger_name like '%\\_announce\\_search\\_change'`);
    const { rows: generated } = await t.db.execute<{ name: string; source: string }>(sql`
      select table_name || '.' || dependent_column as name, table_name || '.' || column_name as source
      from information_schema.column_column_usage where table_schema = current_schema()`);
    const { rows: events } = await t.db.execute<{ name: string }>(sql`
      select event_object_table || '.' || event_manipulation as name from information_schema.triggers
      where action_statement like '%alumlink_announce_search_change%' and action_orientation = 'STATEMENT'`);
    const watched = new Set(columns.map((row) => row.name));
    const tables = ['posts', 'comments', 'users', 'user_settings', 'jobs', 'events', 'communities'];
    for (const table of tables) watched.add(`${table}.*`);
    const sources = new Map<string, string[]>();
    for (const { name, source } of generated) sources.set(name, [...(sources.get(name) ?? []), source]);
    const unwatched = [...read].filter(
      (name) => !watched.has(name) && !(sources.get(name)?.every((source) => watched.has(source)) ?? false),
    );
    expect(unwatched).toEqual([]);
    expect(new Set(events.map((row) => row.name))).toEqual(
      new Set(tables.flatMap((table) => ['INSERT', 'UPDATE', 'DELETE'].map((event) => `${table}.${event}`))),
    );
    expect(read).toContain('user_settings.profile_visibility');
    expect(read).toContain('communities.visibility');
    expect(read).toContain('comments.text');
    // The viewer's part reads none of the watched tables.
    const { sql: circle } = new PgDialect().sqlToQuery(circleQuery(1));
    expect(
      [...circle.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)].map(([, table]) => table).filter((table) => tables.includes(table ?? '')),
    ).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the kept matches on two instances (needs TEST_DATABASE_URL)', () => {
  it('stop finding a change made through the other instance at once', async () => {
    const second = await startSecondInstance(t, { config: createTestConfig({ redisUrl: process.env.TEST_REDIS_URL ?? '' }) });
    const other = second.app;
    try {
      await vi.waitFor(() => expect(other.ctx.repositories.searchEverything.keptTexts.enabled).toBe(true));
      const q = word();
      const person = await createUser(t.db, { firstName: q, lastName: 'Twice' });
      const post = await createPost(t.db, { userId: person.id, caption: `by ${q}`, image: null });
      const both = [`people:${person.id}`, `posts:${post.id}`];
      expect(await kept(viewer, q, other)).toEqual(both);
      await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
      expect(await found(viewer, q, other)).toEqual([]);
      await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Public' });
      expect(await found(viewer, q, other)).toEqual(both);
      await as(person, 'DELETE', `/social/posts/${post.id}/`);
      expect(await found(viewer, q, other)).toEqual([`people:${person.id}`]);
    } finally {
      await second.close();
    }
  });
});
