import type { DirectoryFacets } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { PgDialect } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/index';
import {
  authHeader,
  createTestApp,
  createTestConfig,
  createUser,
  startSecondInstance,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../test/index';
import { directoryFacetsQuery } from './directory.repository';
import { countedPeople, countedPersonFacets, noFacets } from './directory.test-helpers';

// The shared facet counts follow every change at once (decision record 046): each case reads the
// counts, makes the change, and reads them again with no waiting in between.

let t: TestApp;
let viewerHeaders: { authorization: string };
let adminHeaders: { authorization: string };
const countedPerson = countedPeople(() => t.db, 'Fcq');

beforeAll(async () => {
  t = await createTestApp();
  viewerHeaders = await authHeader(t.app, await createUser(t.db, { firstName: 'Facet', lastName: 'Viewer', role: 'TR' }));
  adminHeaders = await authHeader(t.app, await createUser(t.db, { firstName: 'Facet', lastName: 'Admin', role: 'AD' }));
  // On PostgreSQL the channel is listened to on a connection of its own, a moment after start.
  await vi.waitFor(() => expect(t.ctx.repositories.directory.facetCache.enabled).toBe(true));
});
afterAll(() => t.close());

/** A Public, listed alumna open to referrals, whom `q` finds alone. */
const counted = (options: { verified?: boolean } = {}) => countedPerson({ openToReferrals: true, ...options });

async function facetsOn(app: App, query: Record<string, string>, headers = viewerHeaders): Promise<DirectoryFacets> {
  const response = await app.inject({ url: `/api/directory/facets/?${new URLSearchParams(query)}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<DirectoryFacets>();
}
const facets = (query: Record<string, string>, headers = viewerHeaders) => facetsOn(t.app, query, headers);

async function as(person: TestUser, method: 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object) {
  const response = await t.app.inject({ method, url, headers: await authHeader(t.app, person), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('the shared facet counts after a change', () => {
  it('answer repeated reads from memory while nothing is announced', async () => {
    const { person, q } = await counted();
    expect(await facets({ q })).toEqual(countedPersonFacets);
    // With the announcement switched off, a change is not seen: the counts came from memory...
    await t.db.execute(sql`alter table users disable trigger users_announce_directory_change`);
    try {
      await t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
      expect(await facets({ q })).toEqual(countedPersonFacets);
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_announce_directory_change`);
    }
    // ...and with it on, the next change is seen at once.
    await t.db.update(users).set({ company: 'Initrode' }).where(eq(users.id, person.id));
    expect(await facets({ q })).toEqual(noFacets);
  });

  const hidden: [string, (person: TestUser) => Promise<unknown>][] = [
    ['sets their profile to Private', (person) => as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' })],
    [
      'sets their profile to Only Connections',
      (person) => as(person, 'PUT', '/social/settings/', { profile_visibility: 'Only Connections' }),
    ],
    ['leaves the directory listing', (person) => as(person, 'PUT', '/social/settings/', { listed_in_directory: false })],
    ['is deactivated or banned', (person) => t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id))],
    ['loses their verification', (person) => t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, person.id))],
    ['deletes their account', (person) => deleteOwn(person)],
    ['is deleted by an administrator', (person) => adminDelete(person)],
    ['changes their name', (person) => as(person, 'PUT', '/social/profiles/update-me/', { first_name: 'Renamed' })],
  ];
  it.each(hidden)('drop a person who %s', async (_, change) => {
    const { person, q } = await counted();
    expect(await facets({ q })).toEqual(countedPersonFacets);
    await change(person);
    expect(await facets({ q })).toEqual(noFacets);
  });

  it('drop a field its owner hides, and keep the rest', async () => {
    const { person, q } = await counted();
    expect(await facets({ q })).toEqual(countedPersonFacets);
    await as(person, 'PUT', '/social/settings/privacy/', { company: 'only_me', skills: 'connections' });
    expect(await facets({ q })).toEqual({ ...countedPersonFacets, company: [], skill: [] });
    expect(await facets({ q, company: 'Initech' })).toEqual({ ...noFacets, company: [] });
  });

  it('follow the career fields, the role and the referral flag', async () => {
    const { person, q } = await counted();
    expect(await facets({ q, open_to_referrals: 'true' })).toEqual(countedPersonFacets);
    await as(person, 'PUT', '/social/profiles/update-me/', { company: 'Hooli', location: 'Lima', cohort_year: 2020, skills: 'Go, Rust' });
    expect(await facets({ q })).toEqual({
      role: [{ value: 'AL', count: 1 }],
      cohort_year: [{ value: 2020, count: 1 }],
      company: [{ value: 'Hooli', count: 1 }],
      skill: [
        { value: 'Go', count: 1 },
        { value: 'Rust', count: 1 },
      ],
      location: [{ value: 'Lima', count: 1 }],
    });
    const role = await t.app.inject({
      method: 'PATCH',
      url: '/admin/update-role/',
      headers: adminHeaders,
      payload: { user_id: person.id, role: 'IN' },
    });
    expect(role.statusCode, role.body).toBe(200);
    expect((await facets({ q })).role).toEqual([{ value: 'IN', count: 1 }]);
    await as(person, 'PUT', '/social/profiles/update-me/', { open_to_referrals: false });
    expect(await facets({ q, open_to_referrals: 'true' })).toEqual(noFacets);
  });

  it('count a person once they are verified', async () => {
    const { person, q } = await counted({ verified: false });
    expect(await facets({ q })).toEqual(noFacets);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, person.id));
    expect(await facets({ q })).toEqual(countedPersonFacets);
  });

  it("hold no count of a change made while they were counting (the administrators' shared counts too)", async () => {
    const { person, q } = await counted();
    expect(await facets({ q }, adminHeaders)).toEqual(countedPersonFacets);
    const reading = facets({ q }, adminHeaders);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id));
    await reading;
    expect(await facets({ q }, adminHeaders)).toEqual(noFacets);
  });
});

describe('the announcement (migration 0040_directory_changes)', () => {
  // Every writer goes through it (it is the database's), so what can go wrong is a count reading a
  // column or a table it does not watch: the statement's text is held to the triggers' columns.
  it('watches every table and column the shared counts read, for every change of a row', async () => {
    const every = { q: 'a b', role: 'AL', cohort_year: 2020, company: 'c', location: 'l', skill: 's', open_to_referrals: true } as const;
    const read = new Set<string>();
    for (const audience of ['public', 'everyone'] as const) {
      const { sql: text } = new PgDialect().sqlToQuery(directoryFacetsQuery(audience, every, 50));
      for (const [, table, column] of text.matchAll(/"(\w+)"\."(\w+)"/g)) read.add(`${table}.${column}`);
      for (const [, table] of text.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)) read.add(`${table}.*`);
    }
    const { rows: columns } = await t.db.execute<{ name: string }>(sql`
      select event_object_table || '.' || event_object_column as name from information_schema.triggered_update_columns
      where trigger_name in ('users_announce_directory_change', 'user_settings_announce_directory_change')`);
    const { rows: events } = await t.db.execute<{ name: string }>(sql`
      select event_object_table || '.' || event_manipulation as name from information_schema.triggers
      where action_statement like '%alumlink_announce_directory_change%' and action_orientation = 'STATEMENT'`);
    const watched = new Set(columns.map((row) => row.name));
    for (const table of ['users', 'user_settings']) watched.add(`${table}.*`);
    expect([...read].filter((name) => !watched.has(name))).toEqual([]);
    expect(new Set(events.map((row) => row.name))).toEqual(
      new Set(['users', 'user_settings'].flatMap((table) => ['INSERT', 'UPDATE', 'DELETE'].map((event) => `${table}.${event}`))),
    );
    expect(read).toContain('user_settings.company_visible_to');
  });
});

async function deleteOwn(person: TestUser) {
  const response = await t.app.inject({
    method: 'DELETE',
    url: '/api/account/',
    headers: await authHeader(t.app, person),
    payload: { password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(204);
}

async function adminDelete(person: TestUser) {
  const response = await t.app.inject({ method: 'DELETE', url: `/admin/delete-user/${person.id}/`, headers: adminHeaders });
  expect(response.statusCode, response.body).toBe(200);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the shared facet counts on two instances (needs TEST_DATABASE_URL)', () => {
  it('stop counting a person on the other instance at once', async () => {
    const second = await startSecondInstance(t, { config: createTestConfig({ redisUrl: process.env.TEST_REDIS_URL ?? '' }) });
    const other = second.app;
    try {
      await vi.waitFor(() => expect(other.ctx.repositories.directory.facetCache.enabled).toBe(true));
      const { person, q } = await counted();
      expect(await facetsOn(other, { q })).toEqual(countedPersonFacets);
      expect(await facetsOn(other, { q })).toEqual(countedPersonFacets);
      await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
      expect(await facetsOn(other, { q })).toEqual(noFacets);
      await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Public' });
      expect(await facetsOn(other, { q })).toEqual(countedPersonFacets);
      await deleteOwn(person);
      expect(await facetsOn(other, { q })).toEqual(noFacets);
    } finally {
      await second.close();
    }
  });
});
