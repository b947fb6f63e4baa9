// The space walk (decision 034), generated from the routes: every GET route whose answer can show
// posts (a caption, a post id, a snippet, a tag's count) is read by a non-member and a member of
// a members-only space holding one post with a unique word and tag; the non-member must see no
// trace of it, the member must. Every route taking a post id answers 404 to the non-member. A new
// post-showing route fails here until SPACE_WALK says how to read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS } from '../../quality/access-table';
import { listOperations, operationKey, type JsonSchema, type Operation } from '../../quality/support/openapi';
import { authHeader, createCommunity, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';
import { imageFile, multipartBody, sampleImage } from '../../test/uploads';
import { EVENT_UNKNOWN_SPACE } from '../events/events.service';

let t: TestApp;
let operations: Operation[];
let author: TestUser;
let member: TestUser;
let outsider: TestUser;
let admin: TestUser;
let postId = 0;
const SLUG = 'walk-hidden-space';
const WORD = 'Zqvspaceword';
const TAG = 'zqvspacetag';

/** Property names that make an answer show posts or a trace of them. */
const POST_FIELDS = ['caption', 'post_id', 'snippet', 'tag'];

/** How to read each post-showing GET route, and how the hidden post shows in its answer. */
const SPACE_WALK: Record<string, { urls: string[]; shows: (body: string) => boolean } | string> = {
  'GET /social/posts/': { urls: ['/social/posts/', `/social/posts/?tag=${TAG}`], shows: (body) => body.includes(WORD) },
  'GET /social/posts/user-posts/': { urls: [], shows: (body) => body.includes(WORD) }, // urls set in beforeAll (the author's id)
  'GET /api/communities/{slug}/posts/': { urls: [`/api/communities/${SLUG}/posts/`], shows: (body) => body.includes(WORD) },
  'GET /api/tags/trending/': { urls: ['/api/tags/trending/'], shows: (body) => body.includes(TAG) },
  'GET /api/search/': {
    urls: [`/api/search/?q=${WORD}`, `/api/search/?q=${WORD}&type=posts`],
    shows: (body) => body.includes(WORD.toLowerCase()) || body.includes(WORD),
  },
  'GET /api/activity/recent/': { urls: ['/api/activity/recent/'], shows: (body) => body.includes(`"post_id":${postId}`) },
  'GET /social/posts/{id}/comments/': { urls: [], shows: (body) => body.includes(WORD) }, // walked as a post-id route below
  'GET /social/moderation/{id}/': "the author's own removed post only (a removal's case)",
  'GET /social/notifications/':
    "the caller's own notifications: a post's only reach its author (likes, comments) once the actor could read it",
};

function showsPosts(schema: JsonSchema | null | undefined): boolean {
  if (!schema) return false;
  if (schema.properties && POST_FIELDS.some((field) => field in (schema.properties ?? {}))) return true;
  const inner = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return inner.some(showsPosts);
}

/** GET routes a member can call whose answers show posts (admin routes show admins everything by design). */
function postRoutes(): string[] {
  return operations
    .filter((operation) => operation.method === 'GET' && ACCESS[operationKey(operation)] !== 'admin')
    .filter((operation) => showsPosts(operation.responses.get(200)))
    .map(operationKey)
    .sort();
}

async function read(as: TestUser, url: string): Promise<{ status: number; body: string }> {
  const response = await t.app.inject({ url, headers: await authHeader(t.app, as) });
  return { status: response.statusCode, body: response.body };
}

async function postInSpace(as: TestUser, caption: string, communityId: number | string) {
  const body = multipartBody({ caption, community_id: String(communityId) }, [
    imageFile(await sampleImage(20, 20, 'jpeg'), 'p.jpg', 'image/jpeg'),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/social/posts/',
    payload: body.payload,
    headers: { ...(await authHeader(t.app, as)), ...body.headers },
  });
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1000 });
  operations = await listOperations(t.app);
  author = await createUser(t.db, { role: 'AL' });
  member = await createUser(t.db, { role: 'AL' });
  outsider = await createUser(t.db, { role: 'AL' });
  admin = await createUser(t.db, { role: 'AD' });
  const space = await createCommunity(t.db, { slug: SLUG, name: 'Hidden space', visibility: 'members' });
  for (const person of [author, member]) {
    const joined = await t.app.inject({ method: 'POST', url: `/api/communities/${SLUG}/join/`, headers: await authHeader(t.app, person) });
    expect(joined.statusCode).toBe(200);
  }
  const created = await postInSpace(author, `${WORD} lives here #${TAG}`, space.id);
  expect(created.statusCode).toBe(201);
  postId = created.json<{ id: number }>().id;
  const byAuthor = SPACE_WALK['GET /social/posts/user-posts/'];
  if (typeof byAuthor === 'object') byAuthor.urls.push(`/social/posts/user-posts/?user_id=${author.id}`);
}, 120_000);
afterAll(() => t.close());

describe('a members-only space on every route that shows posts', () => {
  it('knows how to read every post-showing route (a new one needs an entry in SPACE_WALK)', () => {
    const routes = postRoutes();
    expect(routes.length).toBeGreaterThan(4);
    expect(routes.filter((key) => !(key in SPACE_WALK))).toEqual([]);
  });

  it('shows the post to a member, the author and an administrator, and nothing of it to a non-member', async () => {
    for (const [key, entry] of Object.entries(SPACE_WALK)) {
      if (typeof entry === 'string') continue;
      for (const url of entry.urls) {
        for (const reader of [member, author, admin]) {
          const answer = await read(reader, url);
          expect(answer.status, `${key} ${url}`).toBe(200);
          expect(entry.shows(answer.body), `${key} ${url} hides it from a reader`).toBe(true);
        }
        const hidden = await read(outsider, url);
        expect(hidden.status, `${key} ${url}`).toBe(200);
        expect(entry.shows(hidden.body), `${key} ${url} shows it to a non-member`).toBe(false);
        expect(hidden.body, `${key} ${url}`).not.toContain(WORD);
      }
    }
  });

  it('answers 404 to a non-member on every route taking the post id, and writes nothing', async () => {
    const idRoutes = operations.filter(
      (operation) => /\/posts\/\{id\}\//.test(operation.path) && !operation.path.startsWith('/social/admin/'),
    );
    expect(idRoutes.length).toBeGreaterThan(3);
    const headers = await authHeader(t.app, outsider);
    for (const operation of idRoutes) {
      const url = operation.path.replace('{id}', String(postId)).replace('{slug}', SLUG).replace('{comment_id}', '1');
      const payload = operation.method === 'GET' ? undefined : { text: 'sneaky', caption: 'sneaky', reason: 'Scam or fraud' };
      const answer = await t.app.inject({ method: operation.method, url, headers, payload });
      expect([403, 404], operationKey(operation)).toContain(answer.statusCode);
    }
    const comments = await read(member, `/social/posts/${postId}/comments/`);
    expect(comments.status).toBe(200);
    expect(comments.body).not.toContain('sneaky');
    const post = await read(member, `/social/posts/?tag=${TAG}`);
    expect(post.body).not.toContain('sneaky');
  });

  it('lets a member comment and like, and a non-member not post into the space', async () => {
    const headers = await authHeader(t.app, member);
    expect(
      (await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/comment/`, headers, payload: { text: 'hi' } })).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/social/posts/${postId}/like/`, headers })).statusCode).toBe(200);
    const refused = await postInSpace(outsider, 'let me in', (await createCommunity(t.db)).id);
    expect(refused.statusCode).toBe(403);
    expect((await postInSpace(member, 'nowhere', 2_000_000_000)).statusCode).toBe(404);
  });
});

describe("a members-only space's events on every events route", () => {
  const EVENT_WORD = 'Zqvspaceevent';
  let eventId = 0;

  beforeAll(async () => {
    const space = await read(member, `/api/communities/${SLUG}/`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/events/',
      headers: await authHeader(t.app, admin),
      payload: {
        title: `${EVENT_WORD} meetup`,
        starts_at: new Date(Date.now() + 86_400_000).toISOString(),
        community_id: JSON.parse(space.body).id,
      },
    });
    expect(created.statusCode).toBe(201);
    eventId = created.json<{ id: number }>().id;
  });

  const listUrls = () => [
    '/api/events/',
    `/api/events/?community=${SLUG}`,
    '/api/events/?upcoming=true',
    `/api/search/?q=${EVENT_WORD}&type=events`,
  ];
  const idUrls = () => [`/api/events/${eventId}/`, `/api/events/${eventId}/calendar.ics`, `/api/events/${eventId}/discussion/`];

  it('shows the event to a member and an administrator on the list, the space filter, detail, calendar file and search', async () => {
    for (const reader of [member, admin]) {
      for (const url of [...listUrls(), ...idUrls()]) {
        const answer = await read(reader, url);
        expect(answer.status, url).toBe(200);
        if (!url.includes('discussion')) expect(answer.body.toLowerCase(), url).toContain(EVENT_WORD.toLowerCase());
      }
    }
  });

  it('shows nothing of it to a non-member or a visitor: lists leave it out, its routes answer 404', async () => {
    for (const url of listUrls()) {
      const hidden = await read(outsider, url);
      expect(hidden.status, url).toBe(200);
      expect(hidden.body.toLowerCase(), url).not.toContain(EVENT_WORD.toLowerCase());
    }
    for (const url of idUrls()) expect((await read(outsider, url)).status, url).toBe(404);
    for (const url of ['/api/events/', `/api/events/${eventId}/`, `/api/events/${eventId}/calendar.ics`]) {
      const visitor = await t.app.inject({ url });
      expect(visitor.body.toLowerCase(), url).not.toContain(EVENT_WORD.toLowerCase());
    }
    const headers = await authHeader(t.app, outsider);
    const register = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/register/`, headers, payload: {} });
    expect(register.statusCode).toBe(404);
    const message = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/discussion/`, headers, payload: { text: 'hi' } });
    expect(message.statusCode).toBe(404);
  });

  it('follows the event when an administrator moves it out of the space and back (PATCH community_id)', async () => {
    const move = async (communityId: number | string | null) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/events/${eventId}/`,
        headers: await authHeader(t.app, admin),
        payload: { community_id: communityId },
      });
    const spaceId = JSON.parse((await read(member, `/api/communities/${SLUG}/`)).body).id as number;
    for (const junk of ['abc', -3, 1.5]) expect((await move(junk)).statusCode, String(junk)).toBe(400);
    const unknown = await move(2_000_000_000);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ community_id: [EVENT_UNKNOWN_SPACE] });

    expect((await move(null)).json()).toMatchObject({ community_id: null });
    expect((await read(outsider, `/api/events/${eventId}/`)).status).toBe(200);
    expect((await read(outsider, '/api/events/')).body.toLowerCase()).toContain(EVENT_WORD.toLowerCase());

    expect((await move(spaceId)).json()).toMatchObject({ community_id: spaceId });
    expect((await read(outsider, `/api/events/${eventId}/`)).status).toBe(404);
    expect((await read(outsider, '/api/events/')).body.toLowerCase()).not.toContain(EVENT_WORD.toLowerCase());
  });
});
