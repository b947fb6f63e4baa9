import type { CommunityMemberPage } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityMembers } from '../../db/schema/index';
import { authHeader, createCommunity, useTestApp, createUser, type TestUser } from '../../test/index';

const t = useTestApp({ rateLimitMultiplier: 1000 });
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(t.db, { role: 'AD' });
});

async function members(as: TestUser, url: string) {
  return t.app.inject({ url, headers: await authHeader(t.app, as) });
}

async function join(communityId: number, people: TestUser[]) {
  let at = Date.UTC(2030, 0, 1);
  for (const person of people) {
    at += 1000;
    await t.db.insert(communityMembers).values({ communityId, userId: person.id, createdAt: new Date(at) });
  }
}

describe('GET /api/communities/{slug}/members/', () => {
  it('pages through the members newest first, without the people hidden from the reader', async () => {
    const space = await createCommunity(t.db);
    const people = [await createUser(t.db), await createUser(t.db), await createUser(t.db)];
    const hidden = await createUser(t.db, { firstName: 'Hidda' });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/',
      headers: await authHeader(t.app, hidden),
      payload: { profile_visibility: 'Private' },
    });
    expect(saved.statusCode).toBe(200);
    await join(space.id, [...people, hidden]);
    const reader = people[0]!;
    const first = await members(reader, `/api/communities/${space.slug}/members/?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json<CommunityMemberPage>();
    expect(page.results.map((person) => person.id)).toEqual([people[2]!.id, people[1]!.id]);
    expect(page.next).not.toBeNull();
    const rest = await members(reader, `/api/communities/${space.slug}/members/?limit=2&cursor=${page.next}`);
    expect(rest.json<CommunityMemberPage>()).toEqual({ results: [expect.objectContaining({ id: people[0]!.id })], next: null });
    expect(first.body + rest.body).not.toContain('Hidda');
    const all = await members(admin, `/api/communities/${space.slug}/members/`);
    expect(all.json<CommunityMemberPage>().results.map((person) => person.id)).toContain(hidden.id);
  });

  it('lists a members-only space to its members and administrators alone (403), 404 for an unknown space', async () => {
    const space = await createCommunity(t.db, { visibility: 'members' });
    const [member, outsider] = [await createUser(t.db), await createUser(t.db)];
    await join(space.id, [member]);
    expect((await members(outsider, `/api/communities/${space.slug}/members/`)).statusCode).toBe(403);
    for (const reader of [member, admin]) {
      const answer = await members(reader, `/api/communities/${space.slug}/members/`);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<CommunityMemberPage>().results.map((person) => person.id)).toEqual([member.id]);
    }
    expect((await members(member, '/api/communities/no-such-space/members/')).statusCode).toBe(404);
  });
});
