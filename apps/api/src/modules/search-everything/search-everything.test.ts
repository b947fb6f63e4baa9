import { SNIPPET_MATCH_END, SNIPPET_MATCH_START, type SearchEverythingResult } from '@alumlink/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, posts } from '../../db/schema/index';
import {
  authHeader,
  createCommunity,
  createEvent,
  createJob,
  createPost,
  useTestApp,
  createUser,
  createUserSettings,
  type TestUser,
} from '../../test/index';

const t = useTestApp();
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
  admin = await createUser(t.db, { role: 'AD' });
});

async function search(user: TestUser, query: Record<string, string>) {
  const response = await t.app.inject({
    url: `/api/search/?${new URLSearchParams(query).toString()}`,
    headers: await authHeader(t.app, user),
  });
  return { status: response.statusCode, body: response.json<SearchEverythingResult & Record<string, unknown>>() };
}

async function idsOf(user: TestUser, query: Record<string, string>): Promise<number[]> {
  const { status, body } = await search(user, query);
  expect(status).toBe(200);
  return body.results.map((hit) => hit.id);
}

/** The marked parts of a snippet, in order. */
function marked(snippet: string): string[] {
  return [...snippet.matchAll(new RegExp(`${SNIPPET_MATCH_START}([^${SNIPPET_MATCH_END}]*)${SNIPPET_MATCH_END}`, 'gu'))].map(
    (m) => m[1] ?? '',
  );
}

describe('GET /api/search/ posts', () => {
  it('finds live posts by their words (stemmed), ranked, with the match marked in the snippet and a link to the author', async () => {
    const author = await createUser(t.db, { firstName: 'Paula', lastName: 'Poster' });
    const post = await createPost(t.db, { userId: author.id, caption: 'We were kayaking along the fjords all week', image: null });
    const { status, body } = await search(viewer, { q: 'kayak fjord', type: 'posts' });
    expect(status).toBe(200);
    expect(body.next).toBeNull();
    expect(body.results).toEqual([
      { type: 'posts', id: post.id, title: 'Paula Poster', snippet: expect.any(String), url: `/user/profile/${author.id}#post-${post.id}` },
    ]);
    expect(marked(body.results[0]?.snippet ?? '')).toEqual(['kayaking', 'fjords']);
  });

  it('finds an edited post by its new words alone (the stored document follows the caption)', async () => {
    const author = await createUser(t.db);
    const post = await createPost(t.db, { userId: author.id, caption: 'A wombatfirst caption', image: null });
    await t.db.update(posts).set({ caption: 'A platypusafter caption' }).where(eq(posts.id, post.id));
    expect(await idsOf(viewer, { q: 'wombatfirst', type: 'posts' })).toEqual([]);
    expect(await idsOf(viewer, { q: 'platypusafter', type: 'posts' })).toEqual([post.id]);
  });

  it('leaves out deleted and moderated posts', async () => {
    const author = await createUser(t.db);
    const removed = await createPost(t.db, { userId: author.id, caption: 'quokkabanana removed by a moderator', image: null });
    await t.db.update(posts).set({ deletedAt: new Date(), deletedBy: admin.id, deleteReason: 'Spam' }).where(eq(posts.id, removed.id));
    const live = await createPost(t.db, { userId: author.id, caption: 'quokkabanana still here', image: null });
    expect(await idsOf(viewer, { q: 'quokkabanana', type: 'posts' })).toEqual([live.id]);
    expect(await idsOf(admin, { q: 'quokkabanana', type: 'posts' })).toEqual([live.id]);
  });

  it("shows a Private author's posts to nobody but the author and administrators", async () => {
    const author = await createUser(t.db);
    await createUserSettings(t.db, { userId: author.id, profileVisibility: 'Private' });
    const post = await createPost(t.db, { userId: author.id, caption: 'secretive marmoset diary', image: null });
    expect(await idsOf(viewer, { q: 'marmoset', type: 'posts' })).toEqual([]);
    expect(await idsOf(viewer, { q: 'marmoset' })).toEqual([]);
    expect(await idsOf(author, { q: 'marmoset', type: 'posts' })).toEqual([post.id]);
    expect(await idsOf(admin, { q: 'marmoset', type: 'posts' })).toEqual([post.id]);
  });

  it('pages by rank with an opaque cursor, without repeats or gaps', async () => {
    const author = await createUser(t.db);
    const made: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const caption = i % 2 === 0 ? 'zanzibarite zanzibarite' : `zanzibarite number ${i}`;
      made.push((await createPost(t.db, { userId: author.id, caption, image: null })).id);
    }
    const first = await search(viewer, { q: 'zanzibarite', type: 'posts' });
    expect(first.body.results).toHaveLength(20);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await search(viewer, { q: 'zanzibarite', type: 'posts', cursor: first.body.next ?? '' });
    expect(second.body.next).toBeNull();
    const seen = [...first.body.results, ...second.body.results].map((hit) => hit.id);
    expect(seen.toSorted()).toEqual(made.toSorted());
    // Twice the word ranks higher: the even posts come first.
    const evens = made.filter((_, i) => i % 2 === 0);
    expect(seen.slice(0, evens.length).toSorted()).toEqual(evens.toSorted());
  });

  it('matches the last word as a prefix while one types, and quoted phrases and -words as the web does', async () => {
    const author = await createUser(t.db);
    const both = await createPost(t.db, { userId: author.id, caption: 'Wombatology lecture on Friday', image: null });
    const only = await createPost(t.db, { userId: author.id, caption: 'Wombatology picnic', image: null });
    expect((await idsOf(viewer, { q: 'wombatol', type: 'posts' })).toSorted()).toEqual([both.id, only.id].toSorted());
    expect(await idsOf(viewer, { q: 'wombatology lect', type: 'posts' })).toEqual([both.id]);
    expect(await idsOf(viewer, { q: 'wombatology -picnic', type: 'posts' })).toEqual([both.id]);
    expect(await idsOf(viewer, { q: '"wombatology picnic"', type: 'posts' })).toEqual([only.id]);
  });

  // The snippet is plain text (clients show it as text nodes): stored markup stays text; only the API's markers mark.
  it('never lets stored text into the snippet as a marker', async () => {
    const author = await createUser(t.db);
    await createPost(t.db, {
      userId: author.id,
      caption: `<img src=x onerror=alert(1)> ${SNIPPET_MATCH_START}fake${SNIPPET_MATCH_END} xylophonic <script>alert(2)</script>`,
      image: null,
    });
    const { body } = await search(viewer, { q: 'xylophonic', type: 'posts' });
    const snippet = body.results[0]?.snippet ?? '';
    expect(marked(snippet)).toEqual(['xylophonic']);
    expect([...snippet].filter((char) => char === SNIPPET_MATCH_START || char === SNIPPET_MATCH_END)).toHaveLength(2);
  });
});

describe('GET /api/search/ people', () => {
  it('finds verified, active, visible people by name, never by e-mail', async () => {
    const found = await createUser(t.db, { firstName: 'Quillon', lastName: 'Brightwater', email: 'hiddenmailword@example.com' });
    const hidden = await createUser(t.db, { firstName: 'Quillon', lastName: 'Private' });
    await createUserSettings(t.db, { userId: hidden.id, profileVisibility: 'Private' });
    await createUser(t.db, { firstName: 'Quillon', lastName: 'Unverified', verified: false });
    await createUser(t.db, { firstName: 'Quillon', lastName: 'Gone', isActive: false });
    const { body } = await search(viewer, { q: 'quillon', type: 'people' });
    expect(body.results).toEqual([
      { type: 'people', id: found.id, title: 'Quillon Brightwater', snippet: expect.any(String), url: `/user/profile/${found.id}` },
    ]);
    expect(marked(body.results[0]?.snippet ?? '')).toEqual(['Quillon']);
    expect(await idsOf(viewer, { q: 'hiddenmailword', type: 'people' })).toEqual([]);
    expect((await idsOf(admin, { q: 'quillon', type: 'people' })).toSorted()).toEqual([found.id, hidden.id].toSorted());
  });
});

describe('GET /api/search/ jobs, events and communities', () => {
  it('finds open jobs only, events and communities, each with its link', async () => {
    const open = await createJob(t.db, { postedBy: admin.id, title: 'Glaciologist wanted', company: 'Ice Ltd' });
    const closed = await createJob(t.db, { postedBy: admin.id, title: 'Glaciologist (filled)' });
    await t.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, closed.id));
    const event = await createEvent(t.db, { title: 'Glaciology night', description: 'Talks about ice' });
    const community = await createCommunity(t.db, { name: 'Glaciology circle', slug: 'glaciology-circle' });
    expect(await search(viewer, { q: 'glaciologist', type: 'jobs' })).toMatchObject({
      status: 200,
      body: { results: [{ type: 'jobs', id: open.id, title: 'Glaciologist wanted', url: `/user/jobs#job-${open.id}` }], next: null },
    });
    expect((await search(viewer, { q: 'glaciology', type: 'events' })).body.results).toMatchObject([
      { type: 'events', id: event.id, title: 'Glaciology night', url: `/user/events#event-${event.id}` },
    ]);
    expect((await search(viewer, { q: 'glaciology', type: 'communities' })).body.results).toMatchObject([
      { type: 'communities', id: community.id, title: 'Glaciology circle', url: '/communities#glaciology-circle' },
    ]);
  });

  it('without a type answers a few of each kind, grouped in order, with no cursor', async () => {
    const person = await createUser(t.db, { firstName: 'Vellichor', lastName: 'Mixed' });
    for (let i = 0; i < 5; i += 1) await createPost(t.db, { userId: person.id, caption: `vellichor post ${i}`, image: null });
    await createJob(t.db, { postedBy: admin.id, title: 'Vellichor keeper' });
    await createEvent(t.db, { title: 'Vellichor evening' });
    await createCommunity(t.db, { name: 'Vellichor club' });
    const { status, body } = await search(viewer, { q: 'vellichor' });
    expect(status).toBe(200);
    expect(body.next).toBeNull();
    expect(body.results.map((hit) => hit.type)).toEqual(['people', 'posts', 'posts', 'posts', 'jobs', 'events', 'communities']);
  });
});

describe('GET /api/search/ input', () => {
  it.each([
    [{ q: '' }, 'q'],
    [{ q: '   ' }, 'q'],
    [{ q: 'x'.repeat(201) }, 'q'],
    [{ q: 'word', type: 'comments' }, 'type'],
    [{ q: 'word', type: 'posts', cursor: 'not-a-cursor' }, 'cursor'],
    [{ q: 'word', cursor: Buffer.from('0.1|5').toString('base64url') }, 'cursor'],
    [{}, 'q'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const { status, body } = await search(viewer, query);
    expect(status).toBe(400);
    expect(body).toHaveProperty(field);
  });

  it('takes any text the web-search syntax does not know, and stop words alone, without an error', async () => {
    for (const q of ['"unclosed', 'a & b | !c :* (d)', "o'brien", 'the', '-', '\\', '日本語', '%_']) {
      expect((await search(viewer, { q })).status, q).toBe(200);
      expect((await search(viewer, { q, type: 'people' })).status, q).toBe(200);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: '/api/search/?q=word' })).statusCode).toBe(401);
  });
});
