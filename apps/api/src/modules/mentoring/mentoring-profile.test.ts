import { HIDDEN_EMAIL, MENTORING_MESSAGES } from '@alumlink/contract';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mentorProfiles, userSettings, users } from '../../db/schema/index';
import { createConversation, useTestApp, createUserSettings, type TestUser, useSignedInPeople } from '../../test/index';

const t = useTestApp({ rateLimitMultiplier: 100 });
const { people, auth, signedIn } = useSignedInPeople(t, {
  alumnus: { role: 'AL', firstName: 'Maya', lastName: 'Rao' },
  admin: { role: 'AD' },
  trainee: { role: 'TR' },
  intern: { role: 'IN' },
});

const put = (user: TestUser, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/mentoring/profile/', headers: auth(user), payload: payload as object });
const get = (user: TestUser) => t.app.inject({ url: '/api/mentoring/profile/', headers: auth(user) });
const mentors = (user: TestUser, query = '') => t.app.inject({ url: `/api/mentoring/mentors/${query}`, headers: auth(user) });

async function makeMentor(
  overrides: Record<string, unknown> = {},
  role: 'AL' | 'AD' = 'AL',
  names: { firstName?: string; lastName?: string } = {},
) {
  const person = await signedIn({ role, ...names });
  const response = await put(person, { is_mentor: true, topics: ['React'], capacity: 2, about: 'Happy to help', ...overrides });
  expect(response.statusCode).toBe(200);
  return person;
}

describe('GET/PUT /api/mentoring/profile/', () => {
  it('answers the defaults to someone who never set a card', async () => {
    const response = await get(people.trainee);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_mentor: false, topics: [], capacity: 3, about: '', accepting: true, active_count: 0 });
  });

  it('lets an alumnus become a mentor: topics trimmed, duplicates (any case) dropped, order kept', async () => {
    const response = await put(people.alumnus, {
      is_mentor: true,
      topics: ['  System   design ', 'React', 'react', 'Careers'],
      capacity: '4',
      about: '  I help  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      is_mentor: true,
      topics: ['System design', 'React', 'Careers'],
      capacity: 4,
      about: 'I help',
      accepting: true,
      active_count: 0,
    });
    expect((await get(people.alumnus)).json()).toMatchObject({ is_mentor: true, capacity: 4 });
    const paused = await put(people.alumnus, { accepting: false });
    expect(paused.json()).toMatchObject({ accepting: false, topics: ['System design', 'React', 'Careers'] });
    await put(people.alumnus, { accepting: true });
  });

  it('lets an admin be a mentor', async () => {
    expect((await put(people.admin, { is_mentor: true, topics: ['Leadership'] })).statusCode).toBe(200);
  });

  it.each([
    ['trainee', () => people.trainee],
    ['intern', () => people.intern],
  ])('refuses a %s with 403 whatever the body', async (_label, who) => {
    for (const payload of [{ is_mentor: true, topics: ['x'] }, {}, { capacity: 99 }]) {
      const response = await put(who(), payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: MENTORING_MESSAGES.onlyAlumni, code: 'forbidden' });
    }
  });

  it.each([
    ['11 topics', { topics: Array.from({ length: 11 }, (_, i) => `Topic ${i}`) }, 'topics'],
    ['a topic of 41 characters', { topics: ['x'.repeat(41)] }, 'topics'],
    ['a blank topic', { topics: ['  '] }, 'topics'],
    ['capacity 0', { capacity: 0 }, 'capacity'],
    ['capacity 11', { capacity: 11 }, 'capacity'],
    ['capacity 1.5', { capacity: 1.5 }, 'capacity'],
    ['about of 1001 characters', { about: 'a'.repeat(1001) }, 'about'],
    ['an unknown field', { colour: 'red' }, 'non_field_errors'],
  ])('answers 400 for %s', async (_label, payload, field) => {
    const response = await put(people.alumnus, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toContain(field);
  });

  it('needs at least one topic to be a mentor', async () => {
    const person = await signedIn({ role: 'AL' });
    const response = await put(person, { is_mentor: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ topics: [MENTORING_MESSAGES.topicsRequired] });
  });
});

describe('GET /api/mentoring/mentors/', () => {
  it('lists open mentors least loaded first, topic matches (any case, whole value) first, filters by name, pages by cursor', async () => {
    const a = await makeMentor({ topics: ['Kotlin', 'Android'] }, 'AL', { firstName: 'Zed', lastName: 'Kotlinson' });
    const b = await makeMentor({ topics: ['kotlin'] }, 'AL', { firstName: 'Yan', lastName: 'Other' });
    for (const mentor of [a, b]) await t.db.update(users).set({ company: 'Globex', jobTitle: 'Engineer' }).where(eq(users.id, mentor.id));
    const paused = await makeMentor({ topics: ['Kotlin'], accepting: false });
    const notMentor = await makeMentor({ topics: ['Kotlin'], is_mentor: false });
    const idsOf = async (query: string): Promise<number[]> =>
      (await mentors(people.trainee, query)).json().results.map((mentor: { id: number }) => mentor.id);
    const response = await mentors(people.trainee, '?topic=KOTLIN');
    expect(response.statusCode).toBe(200);
    const everyone = await idsOf('');
    // The topic's mentors first (least loaded, then by id), then the other open mentors in the plain order.
    expect(await idsOf('?topic=KOTLIN')).toEqual([a.id, b.id, ...everyone.filter((id) => id !== a.id && id !== b.id)]);
    expect(everyone).not.toContain(paused.id);
    expect(everyone).not.toContain(notMentor.id);
    expect(response.json().results[0]).toMatchObject({
      company: 'Globex',
      job_title: 'Engineer',
      capacity: 2,
      active_count: 0,
      about: 'Happy to help',
    });
    // Whole value: nobody offers "Kot", so the plain order.
    expect(await idsOf('?topic=Kot')).toEqual(everyone);
    expect(await idsOf('?q=kotlinson')).toEqual([a.id]);
    const first = (await mentors(people.trainee, '?topic=kotlin&limit=1')).json();
    expect(first.results.map((mentor: { id: number }) => mentor.id)).toEqual([a.id]);
    const second = (await mentors(people.trainee, `?topic=kotlin&limit=1&cursor=${first.next}`)).json();
    expect(second.results.map((mentor: { id: number }) => mentor.id)).toEqual([b.id]);
    const third = (await mentors(people.trainee, `?topic=kotlin&limit=1&cursor=${second.next}`)).json();
    expect(third.results.map((mentor: { id: number }) => mentor.id)).toEqual([everyone.find((id) => id !== a.id && id !== b.id)]);
  });

  it('leaves out the viewer, people hidden from them, and inactive people', async () => {
    const hidden = await makeMentor({ topics: ['Secret topic'] });
    await createUserSettings(t.db, { userId: hidden.id, profileVisibility: 'Private' });
    const inactive = await makeMentor({ topics: ['Secret topic'] });
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    const idsFor = async (viewer: TestUser) =>
      (await mentors(viewer, '?topic=secret%20topic&limit=100')).json().results.map((mentor: { id: number }) => mentor.id);
    expect(await idsFor(people.trainee)).not.toContain(hidden.id);
    expect(await idsFor(people.trainee)).not.toContain(inactive.id);
    expect(await idsFor(hidden)).not.toContain(hidden.id);
    const asAdmin = await idsFor(people.admin);
    expect(asAdmin[0]).toBe(hidden.id);
    expect(asAdmin).not.toContain(inactive.id);
  });

  it('pages least loaded first, then by id, with a topic, a name or both', async () => {
    const names = { firstName: 'Lea', lastName: 'Loadwalker' };
    const busy = await makeMentor({ topics: ['Load topic'] }, 'AL', names);
    const free = await makeMentor({ topics: ['Load topic'] }, 'AL', names);
    const alsoFree = await makeMentor({ topics: ['Load topic'] }, 'AL', names);
    await t.db.update(mentorProfiles).set({ activeCount: 1 }).where(eq(mentorProfiles.userId, busy.id));
    // Saving the card again copies the new load to its topic rows.
    expect((await put(busy, { about: 'One mentee already' })).statusCode).toBe(200);
    for (const query of ['?topic=load%20topic&q=loadwalker', '?q=loadwalker', '?topic=Load%20Topic&q=lea%20load']) {
      const ids: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: { results: { id: number; active_count: number }[]; next: string | null } = (
          await mentors(people.trainee, `${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        ids.push(...page.results.map((mentor) => mentor.id));
        cursor = page.next;
      }
      expect(ids, query).toEqual([free.id, alsoFree.id, busy.id]);
    }
  });

  it("shows a mentor's e-mail and company only to their audiences, and an Only Connections mentor only to connections", async () => {
    const guarded = await makeMentor({ topics: ['Guarded topic'] });
    await t.db.update(users).set({ company: 'Initech' }).where(eq(users.id, guarded.id));
    await createUserSettings(t.db, { userId: guarded.id, emailVisibleTo: 'connections', companyVisibleTo: 'only_me' });
    const friend = await signedIn({ role: 'TR' });
    await createConversation(t.db, { userAId: friend.id, userBId: guarded.id, bothWrote: true });
    const listed = async (viewer: TestUser) =>
      (await mentors(viewer, '?topic=guarded%20topic&limit=100'))
        .json()
        .results.filter((mentor: { id: number }) => mentor.id === guarded.id);
    expect(await listed(people.trainee)).toMatchObject([{ id: guarded.id, email: HIDDEN_EMAIL, company: '' }]);
    expect(await listed(friend)).toMatchObject([{ id: guarded.id, email: guarded.email, company: '' }]);
    expect(await listed(people.admin)).toMatchObject([{ id: guarded.id, email: guarded.email, company: 'Initech' }]);
    await t.db
      .update(userSettings)
      .set({ profileVisibility: 'Only Connections', companyVisibleTo: 'connections' })
      .where(eq(userSettings.userId, guarded.id));
    expect(await listed(people.trainee)).toEqual([]);
    expect(await listed(friend)).toMatchObject([{ id: guarded.id, email: guarded.email, company: 'Initech' }]);
    expect(await listed(people.admin)).toMatchObject([{ id: guarded.id, company: 'Initech' }]);
  });

  it('GET /api/mentoring/mentors/{id}/ answers a mentor card (the profile badge), null for non-mentors and hidden people', async () => {
    const m = await makeMentor({ topics: ['Badge topic'], accepting: false });
    const card = await t.app.inject({ url: `/api/mentoring/mentors/${m.id}/`, headers: auth(people.trainee) });
    expect(card.statusCode).toBe(200);
    expect(card.json()).toMatchObject({ id: m.id, topics: ['Badge topic'], capacity: 2, active_count: 0 });
    const notMentor = await t.app.inject({ url: `/api/mentoring/mentors/${people.trainee.id}/`, headers: auth(people.alumnus) });
    expect([notMentor.statusCode, notMentor.json()]).toEqual([200, null]);
    await createUserSettings(t.db, { userId: m.id, profileVisibility: 'Private' });
    const hidden = await t.app.inject({ url: `/api/mentoring/mentors/${m.id}/`, headers: auth(people.trainee) });
    expect([hidden.statusCode, hidden.json()]).toEqual([200, null]);
  });

  it('lists mentors of the topic first (least loaded first), then the other open mentors, across pages (DESIGN 8.3)', async () => {
    const names = { firstName: 'Ines', lastName: 'Firstmatch' };
    const busyMatch = await makeMentor({ topics: ['Rust', 'Firstmatch topic'] }, 'AL', names);
    await t.db.update(mentorProfiles).set({ activeCount: 1 }).where(eq(mentorProfiles.userId, busyMatch.id));
    expect((await put(busyMatch, { about: 'One mentee' })).statusCode).toBe(200);
    const other = await makeMentor({ topics: ['Go'] }, 'AL', names);
    const match = await makeMentor({ topics: ['firstmatch TOPIC'] }, 'AL', names);
    for (const limit of [1, 2, 3, 20]) {
      const ids: number[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page: { results: { id: number }[]; next: string | null } = (
          await mentors(people.trainee, `?topic=Firstmatch%20Topic&q=firstmatch&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
        ).json();
        ids.push(...page.results.map((mentor) => mentor.id));
        cursor = page.next;
      }
      expect(ids, `limit ${limit}`).toEqual([match.id, busyMatch.id, other.id]);
    }
  });

  it('leaves out a mentor whose role was changed from alumnus to trainee or intern by an admin', async () => {
    const demoted = await makeMentor({ topics: ['Demoted topic'] }, 'AL', { firstName: 'Dora', lastName: 'Demoted' });
    const listedIds = async (query: string) =>
      (await mentors(people.trainee, `${query}&limit=100`)).json().results.map((mentor: { id: number }) => mentor.id);
    expect(await listedIds('?topic=demoted%20topic')).toContain(demoted.id);
    for (const role of ['TR', 'IN']) {
      const change = await t.app.inject({
        method: 'PATCH',
        url: '/users/admin/update-role/',
        headers: auth(people.admin),
        payload: { user_id: demoted.id, role },
      });
      expect(change.statusCode).toBe(200);
      expect(await listedIds('?topic=demoted%20topic'), role).not.toContain(demoted.id);
      expect(await listedIds('?q=dora%20demoted'), role).toEqual([]);
      const card = await t.app.inject({ url: `/api/mentoring/mentors/${demoted.id}/`, headers: auth(people.trainee) });
      expect(card.json(), role).toBeNull();
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/mentoring/requests/',
        headers: auth(people.intern),
        payload: { mentor_id: demoted.id, topic: 'Demoted topic', message: 'Could you help me?' },
      });
      expect([asked.statusCode, asked.json().code], role).toEqual([409, 'mentor_unavailable']);
    }
  });

  it('answers 400 to a forged cursor and 401 without a token', async () => {
    expect((await mentors(people.trainee, '?cursor=bm9wZQ')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/mentoring/mentors/' })).statusCode).toBe(401);
  });
});
