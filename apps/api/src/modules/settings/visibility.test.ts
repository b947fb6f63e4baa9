import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, mentorships, userSettings } from '../../db/schema/index';
import { authHeader, converse, createPost, useTestApp, createUser, type TestUser } from '../../test/index';
import { canSeePerson, userCanSeeEmailOf, type Viewer } from './visibility';

const t = useTestApp();
let viewer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
  admin = await createUser(t.db, { role: 'AD' });
});

async function as(user: TestUser, url: string) {
  return t.app.inject({ url, headers: await authHeader(t.app, user) });
}
async function personWithPost(
  visibility: 'Public' | 'Private' | 'Only Connections',
  lastName: string,
): Promise<{ person: TestUser; postId: number }> {
  const person = await createUser(t.db, { firstName: 'Vis', lastName });
  const post = await createPost(t.db, { userId: person.id, caption: `post of ${lastName}`, image: 'posts/x.webp' });
  if (visibility !== 'Public') {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/social/settings/',
      headers: await authHeader(t.app, person),
      payload: { profile_visibility: visibility },
    });
    expect(saved.statusCode).toBe(200);
  }
  return { person, postId: post.id };
}
async function sees(user: TestUser, target: { person: TestUser; postId: number }) {
  const profile = (await as(user, `/social/user-profiles/by-id/?user_id=${target.person.id}`)).statusCode;
  const userPosts = await as(user, `/social/posts/user-posts/?user_id=${target.person.id}`);
  const feed = (await as(user, '/social/posts/?limit=100')).json<{ results: { id: number }[] }>();
  const search = (await as(user, `/api/search-users/?q=${target.person.lastName}`)).json<{ id: number }[]>();
  return {
    profile,
    userPosts: userPosts.statusCode === 200 ? userPosts.json<{ results: unknown[] }>().results.length : userPosts.statusCode,
    inFeed: feed.results.some((post) => post.id === target.postId),
    inSearch: search.some((person) => person.id === target.person.id),
  };
}
const VISIBLE = { profile: 200, userPosts: 1, inFeed: true, inSearch: true };
const HIDDEN = { profile: 404, userPosts: 404, inFeed: false, inSearch: false };

describe('profile visibility', () => {
  it('Public: everyone sees the profile, posts and search result', async () => {
    expect(await sees(viewer, await personWithPost('Public', 'Publicus'))).toEqual(VISIBLE);
  });

  it('Private: hidden from others (404, no posts, not found), not from the person or admins', async () => {
    const hidden = await personWithPost('Private', 'Privatus');
    expect(await sees(viewer, hidden)).toEqual(HIDDEN);
    expect(await sees(admin, hidden)).toEqual(VISIBLE);
    expect(await sees(hidden.person, hidden)).toEqual(VISIBLE);
  });

  it('Only Connections: visible to connections only, and a connection is mutual (both wrote)', async () => {
    const target = await personWithPost('Only Connections', 'Connectus');
    const friend = await createUser(t.db);
    expect(await sees(friend, target)).toEqual(HIDDEN);
    // The person writes to the friend (who cannot find them to start one): that connects nobody.
    const conversationId = await converse(t.app, target.person, friend, { reply: false });
    expect(await sees(friend, target)).toEqual(HIDDEN);
    // The friend answers: now they are connected.
    const replied = await t.app.inject({
      method: 'POST',
      url: `/social/conversations/${conversationId}/send_message/`,
      headers: await authHeader(t.app, friend),
      payload: { content: 'Hi back' },
    });
    expect(replied.statusCode).toBe(201);
    expect(await sees(friend, target)).toEqual(VISIBLE);
    expect(await sees(viewer, target)).toEqual(HIDDEN);
    expect(await sees(admin, target)).toEqual(VISIBLE);
  });

  it('Only Connections: an accepted (active) or completed mentorship connects; a pending or declined one does not', async () => {
    const target = await personWithPost('Only Connections', 'Mentorus');
    const mentee = await createUser(t.db);
    const [mentorship] = await t.db
      .insert(mentorships)
      .values({ mentorId: target.person.id, menteeId: mentee.id, topic: 'Careers', message: 'Hello' })
      .returning();
    expect(await sees(mentee, target)).toEqual(HIDDEN);
    for (const [status, connects] of [
      ['declined', false],
      ['active', true],
      ['completed', true],
      ['cancelled', false],
    ] as const) {
      await t.db
        .update(mentorships)
        .set({ status })
        .where(eq(mentorships.id, mentorship?.id ?? 0));
      expect(await sees(mentee, target), status).toEqual(connects ? VISIBLE : HIDDEN);
    }
  });

  it('turning a profile Public again shows it again', async () => {
    const target = await personWithPost('Private', 'Returnus');
    expect((await sees(viewer, target)).profile).toBe(404);
    await t.app.inject({
      method: 'PUT',
      url: '/social/settings/',
      headers: await authHeader(t.app, target.person),
      payload: { profile_visibility: 'Public' },
    });
    expect(await sees(viewer, target)).toEqual(VISIBLE);
  });
});

describe("the prepared visibility checks (ctx.repositories.visibility, and a notification actor's e-mail in its delivery)", () => {
  it('answer as canSeePerson and userCanSeeEmailOf do, for every profile visibility, e-mail audience and viewer', async () => {
    const looker = await createUser(t.db, { firstName: 'Looker' });
    const people: { id: number; label: string }[] = [];
    for (const visibility of ['Public', 'Private', 'Only Connections'] as const) {
      for (const email of ['everyone', 'connections', 'only_me'] as const) {
        for (const connected of [false, true]) {
          const person = await createUser(t.db, { firstName: 'Matrix' });
          await t.db.insert(userSettings).values({ userId: person.id, profileVisibility: visibility, emailVisibleTo: email });
          if (connected) await t.db.insert(conversations).values({ userAId: looker.id, userBId: person.id, bothWrote: true });
          people.push({ id: person.id, label: `${visibility}/${email}/${connected ? 'connected' : 'stranger'}` });
        }
      }
    }
    people.push({ id: looker.id, label: 'themself' }, { id: admin.id, label: 'an admin' }, { id: 2_000_000_000, label: 'nobody' });
    const visibility = t.ctx.repositories.visibility;
    const seen: string[] = [];
    const viewers = [
      { name: 'a member', who: { id: looker.id, role: looker.role as Viewer['role'] } },
      { name: 'an admin', who: { id: admin.id, role: 'AD' as const } },
    ];
    for (const { name, who } of viewers) {
      for (const person of people) {
        const as = `${name} looking at ${person.label}`;
        const canSee = await canSeePerson(t.db, who, person.id);
        expect(await visibility.canSeePerson(who, person.id), as).toBe(canSee);
        const canSeeEmail = await userCanSeeEmailOf(t.db, who.id, person.id);
        // The viewer as a notification's recipient, the person as its actor (notificationDeliveryOf's statement).
        const delivery = await t.ctx.repositories.notificationPreferences.findDelivery(who.id, 'message', person.id);
        expect(delivery?.recipient_sees_actor_email, as).toBe(canSeeEmail);
        if (canSee) seen.push(as);
      }
    }
    // The matrix really has both answers: a stranger sees the Public and no Private profile.
    expect(seen).toContain('a member looking at Public/everyone/stranger');
    expect(seen).not.toContain('a member looking at Private/everyone/connected');
    expect(seen).toContain('a member looking at Only Connections/everyone/connected');
    expect(seen).not.toContain('a member looking at Only Connections/everyone/stranger');
    expect(seen).toContain('an admin looking at Private/only_me/stranger');
  });
});
