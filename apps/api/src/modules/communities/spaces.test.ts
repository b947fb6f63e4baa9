import type { CommunityModeratorList, PostPage } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, posts } from '../../db/schema/index';
import {
  authHeader,
  createCommunity,
  createPost,
  createTestApp,
  createUser,
  explain,
  insertBulkPeople,
  type TestApp,
  type TestUser,
} from '../../test/index';
import { postPageParams, postPageQuery } from '../posts/post-page.sql';
import { readersOfSpace } from '../posts/posts.repository';

let t: TestApp;
let admin: TestUser;
let moderator: TestUser;
let member: TestUser;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1000 });
  admin = await createUser(t.db, { role: 'AD' });
  moderator = await createUser(t.db, { role: 'AL', firstName: 'Mona', lastName: 'Moderator' });
  member = await createUser(t.db, { role: 'AL' });
  author = await createUser(t.db, { role: 'AL' });
});
afterAll(() => t.close());

async function call(as: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: await authHeader(t.app, as), payload });
}

let clock = Date.UTC(2033, 0, 1);
async function spacePost(communityId: number, userId = author.id) {
  clock += 1000;
  return createPost(t.db, { userId, communityId, caption: `space post ${clock}`, createdAt: new Date(clock) });
}

describe('a space and its moderators', () => {
  it('lists its feed newest first with a cursor, and only its own posts', async () => {
    const space = await createCommunity(t.db);
    const other = await createCommunity(t.db);
    const made = [await spacePost(space.id), await spacePost(space.id), await spacePost(space.id)];
    await spacePost(other.id);
    const first = await call(member, 'GET', `/api/communities/${space.slug}/posts/?limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<PostPage>();
    expect(page.results.map((post) => post.id)).toEqual([made[2]?.id, made[1]?.id]);
    const second = await call(member, 'GET', `/api/communities/${space.slug}/posts/?limit=2&cursor=${encodeURIComponent(page.next ?? '')}`);
    expect(second.json<PostPage>().results.map((post) => post.id)).toEqual([made[0]?.id]);
    expect((await call(member, 'GET', '/api/communities/no-such-space/posts/')).statusCode).toBe(404);
  });

  it('administrators alone set its visibility; the community answers it', async () => {
    const space = await createCommunity(t.db);
    expect((await call(member, 'PATCH', `/api/communities/${space.slug}/`, { visibility: 'members' })).statusCode).toBe(403);
    expect((await call(admin, 'PATCH', `/api/communities/${space.slug}/`, { visibility: 'members' })).statusCode).toBe(204);
    const read = await call(member, 'GET', `/api/communities/${space.slug}/`);
    expect(read.json<{ visibility: string }>().visibility).toBe('members');
    expect((await call(admin, 'PATCH', `/api/communities/${space.slug}/`, { visibility: 'secret' })).statusCode).toBe(400);
  });

  it('administrators name and remove moderators, listed on the space', async () => {
    const space = await createCommunity(t.db);
    const url = `/api/communities/${space.slug}/moderators/`;
    expect((await call(member, 'POST', url, { user_id: moderator.id })).statusCode).toBe(403);
    expect((await call(admin, 'POST', url, { user_id: moderator.id })).statusCode).toBe(204);
    expect((await call(admin, 'POST', url, { user_id: moderator.id })).statusCode).toBe(204);
    expect((await call(admin, 'POST', url, { user_id: 2_000_000_000 })).statusCode).toBe(404);
    const listed = (await call(member, 'GET', url)).json<CommunityModeratorList>();
    expect(listed.results.map((person) => person.id)).toEqual([moderator.id]);
    expect((await call(admin, 'DELETE', url, { user_id: moderator.id })).statusCode).toBe(204);
    expect((await call(member, 'GET', url)).json<CommunityModeratorList>().results).toEqual([]);
  });

  it('a moderator removes a post of their space with a reason, as an administrator does', async () => {
    const space = await createCommunity(t.db, { visibility: 'members' });
    await call(admin, 'POST', `/api/communities/${space.slug}/moderators/`, { user_id: moderator.id });
    await call(member, 'POST', `/api/communities/${space.slug}/join/`);
    const post = await spacePost(space.id);
    const elsewhere = await spacePost((await createCommunity(t.db)).id);
    const removeUrl = (postId: number) => `/api/communities/${space.slug}/posts/${postId}/`;
    const reason = { reason: 'Scam or fraud' };
    // A member reads the post but may not remove it; an outsider does not even see it.
    expect((await call(member, 'DELETE', removeUrl(post.id), reason)).statusCode).toBe(403);
    expect((await call(author, 'DELETE', removeUrl(post.id), reason)).statusCode).toBe(403);
    expect((await call(moderator, 'DELETE', removeUrl(elsewhere.id), reason)).statusCode).toBe(404);
    const removed = await call(moderator, 'DELETE', removeUrl(post.id), reason);
    expect(removed.statusCode).toBe(200);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect([row?.deletedBy, row?.deleteReason, row?.deletedAt !== null]).toEqual([moderator.id, 'Scam or fraud', true]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, post.id));
    expect([entry?.actorId, entry?.action, entry?.reason]).toEqual([moderator.id, 'post.delete', 'Scam or fraud']);
    const told = await t.db.select().from(notifications).where(eq(notifications.postId, post.id));
    expect(told.map((n) => n.userId)).toContain(author.id);
    // The author may appeal, as after an administrator's removal.
    const moderation = await call(author, 'GET', `/social/moderation/${post.id}/`);
    expect(moderation.statusCode).toBe(200);
    expect((await call(moderator, 'DELETE', removeUrl(post.id), reason)).statusCode).toBe(404);
  });

  it("sends a members-only space's socket events to its members and moderators alone", async () => {
    const open = await createCommunity(t.db);
    const closed = await createCommunity(t.db, { visibility: 'members' });
    await call(member, 'POST', `/api/communities/${closed.slug}/join/`);
    await call(admin, 'POST', `/api/communities/${closed.slug}/moderators/`, { user_id: moderator.id });
    expect(await readersOfSpace(t.db, null)).toBe('everyone');
    expect(await readersOfSpace(t.db, open.id)).toBe('everyone');
    expect(((await readersOfSpace(t.db, closed.id)) as number[]).sort((a, b) => a - b)).toEqual(
      [moderator.id, member.id].sort((a, b) => a - b),
    );
  });
});

describe("a space's feed query plan on a large table", () => {
  it('finds the space by slug once and walks posts_community_created_idx (custom and generic plans)', async () => {
    const big = await createTestApp();
    try {
      await insertBulkPeople(big.db, 1000);
      const space = await createCommunity(big.db);
      await big.db.execute(sql`
        insert into posts (user_id, caption, image, created_at, community_id)
        select u.id, 'caption', 'posts/x.webp', now() - (u.id * 10 + g) * interval '1 minute', case when g = 0 then ${space.id}::integer else null end
        from users u, generate_series(0, 9) g`);
      await big.db.execute(sql`vacuum analyze`);
      const placeholders = postPageParams({ viewer: { id: 5, role: 'AL' }, spaceSlug: space.slug });
      for (const generic of [false, true]) {
        const plan = await explain(big.database, postPageQuery('space', 21), { placeholders, generic });
        expect(plan, `generic=${generic}`).toMatch(/posts_community_created_idx/);
        // The space's id is an InitPlan's output ($n, or (InitPlan n).col1 from PostgreSQL 17): its slug is looked up once per statement.
        expect(plan, `generic=${generic}`).toMatch(/Index Cond: \(\(community_id = (\$\d+|\(InitPlan \d+\)\.col1)\)/);
        expect(plan, `generic=${generic}`).not.toMatch(/Seq Scan on posts\b/);
        expect(plan, `generic=${generic}`).not.toMatch(/Sort\b/);
        // The space's row is read once (the CTE): its id for the walk and the viewer's access for every post.
        expect(plan.match(/ on communities\b/g), `generic=${generic}`).toHaveLength(1);
        expect(plan, `generic=${generic}`).toMatch(/CTE space_of_slug/);
      }
    } finally {
      await big.close();
    }
  }, 120_000);
});
