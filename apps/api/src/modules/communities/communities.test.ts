import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities, communityMembers } from '../../db/schema/index';
import { accessTokenFor, authHeader, createCommunity, createTestApp, createUser, type TestApp, type TestUser } from '../../test/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/communities/', () => {
  it('answers an empty list on an empty database', async () => {
    const response = await t.app.inject({ url: '/api/communities/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists every community by name, publicly, with the contract fields only', async () => {
    await createCommunity(t.db, { slug: 'zeta', name: 'Zeta Club', description: 'Last', icon: 'star', membersCount: 3 });
    await createCommunity(t.db, { slug: 'alpha', name: 'Alpha Group', description: 'First', icon: 'code' });
    const response = await t.app.inject({ url: '/api/communities/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((c: { name: string }) => c.name)).toEqual(['Alpha Group', 'Zeta Club']);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      slug: 'zeta',
      name: 'Zeta Club',
      description: 'Last',
      icon: 'star',
      members_count: 3,
      is_member: false,
      visibility: 'public',
    });
  });

  it('is reachable under the /alumlink alias', async () => {
    const response = await t.app.inject({ url: '/alumlink/api/communities/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});

describe('membership', () => {
  let member: TestUser;
  let memberAuth: { authorization: string };

  beforeAll(async () => {
    await createCommunity(t.db, { slug: 'web-development', name: 'Web Development', description: 'Builders', icon: 'code' });
    member = await createUser(t.db, { role: 'TR' });
    memberAuth = await authHeader(t.app, member);
  });

  const act = (action: 'join' | 'leave', slug = 'web-development', headers: Record<string, string> = memberAuth) =>
    t.app.inject({ method: 'POST', url: `/api/communities/${slug}/${action}/`, headers });

  async function membershipRows(userId: number): Promise<number> {
    const [row] = await t.db
      .select({ n: count() })
      .from(communityMembers)
      .innerJoin(communities, eq(communities.id, communityMembers.communityId))
      .where(and(eq(communities.slug, 'web-development'), eq(communityMembers.userId, userId)));
    return row?.n ?? 0;
  }

  it('joins and leaves idempotently, keeping members_count in step', async () => {
    for (const attempt of [1, 2]) {
      const joined = await act('join');
      expect(joined.statusCode, `join #${attempt}`).toBe(200);
      expect(joined.json()).toEqual({ is_member: true, members_count: 1 });
    }
    expect(await membershipRows(member.id)).toBe(1);
    for (const attempt of [1, 2]) {
      const left = await act('leave');
      expect(left.statusCode, `leave #${attempt}`).toBe(200);
      expect(left.json()).toEqual({ is_member: false, members_count: 0 });
    }
    expect(await membershipRows(member.id)).toBe(0);
  });

  it('accepts an empty JSON body on the actions', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/communities/web-development/join/',
      headers: { ...memberAuth, 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
    expect((await act('leave')).json()).toEqual({ is_member: false, members_count: 0 });
  });

  it(`keeps one membership when the same person clicks join 10 times at once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => act('join')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.every((response) => response.json().is_member === true)).toBe(true);
    expect(await membershipRows(member.id)).toBe(1);
    const [row] = await t.db.select().from(communities).where(eq(communities.slug, 'web-development'));
    expect(row?.membersCount).toBe(1);
    expect(responses.map((response) => response.json().members_count)).toContain(1);
  });

  it('counts many people joining and leaving at once exactly', async () => {
    const people = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    const peopleAuth = await Promise.all(people.map((person) => authHeader(t.app, person)));
    await Promise.all(peopleAuth.map((headers) => act('join', 'web-development', headers)));
    await Promise.all(
      peopleAuth.slice(0, 5).flatMap((headers) => [act('leave', 'web-development', headers), act('leave', 'web-development', headers)]),
    );
    const [row] = await t.db.select().from(communities).where(eq(communities.slug, 'web-development'));
    const [rows] = await t.db
      .select({ n: count() })
      .from(communityMembers)
      .where(eq(communityMembers.communityId, row?.id ?? 0));
    expect(row?.membersCount).toBe(rows?.n);
    expect(rows?.n).toBe(1 + 12 - 5);
  });

  it('shows is_member to a signed-in caller on the list and the detail, and treats a bad token as a visitor', async () => {
    const list = await t.app.inject({ url: '/api/communities/', headers: memberAuth });
    const byslug = Object.fromEntries(list.json().map((c: { slug: string; is_member: boolean }) => [c.slug, c.is_member]));
    expect(byslug).toEqual({ alpha: false, 'web-development': true, zeta: false });

    const detail = await t.app.inject({ url: '/api/communities/web-development/', headers: memberAuth });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ slug: 'web-development', name: 'Web Development', is_member: true, members_count: 8 });

    const expired = await accessTokenFor(t.app, member, new Date(Date.now() - 24 * 3600 * 1000));
    for (const authorization of ['Bearer not-a-token', `Bearer ${expired}`, 'Basic abc']) {
      const visitor = await t.app.inject({ url: '/api/communities/web-development/', headers: { authorization } });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json().is_member).toBe(false);
    }
    expect((await t.app.inject({ url: '/api/communities/web-development/' })).json().is_member).toBe(false);
  });

  it('answers 404 for an unknown community and 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/communities/nope/' })).statusCode).toBe(404);
    expect((await act('join', 'nope')).statusCode).toBe(404);
    expect((await act('leave', 'nope')).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/communities/web-development/join/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
