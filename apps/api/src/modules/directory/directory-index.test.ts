import type { DirectoryFacets, DirectoryFilters } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import { executeRaw } from '../../db/prepared';
import { users, userSettings } from '../../db/schema/index';
import { authHeader, createTestConfig, createUser, startSecondInstance, TEST_PASSWORD, useTestApp, type TestUser } from '../../test/index';
import { createFacetCache, SHARED_FACET_SIZE } from './directory-facets';
import { createDirectoryIndex, directoryIndexQuery, INDEX_REBUILD_MS, type LoadPeople, type PeopleToLoad } from './directory-index';
import type { IndexRow } from './directory-index-columns';
import { DirectoryIndexData } from './directory-index-data';
import { directoryFacets, type FacetAudience } from './directory.repository';
import { countedPeople, countedPersonFacets, noFacets } from './directory.test-helpers';

// The directory index (decision record 056) counts what the counting statement counts, for any
// filters, and follows every change at once.

const t = useTestApp();
let viewerHeaders: { authorization: string };

/** A small deterministic generator (the same people and filters on every run). */
function generator(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

const SYLLABLES = ['an', 'na', 'li', 'el', 'jo', 'ma', 'ri', 'sa', 'to', 'ké', 'ø'];
const COMPANIES = ['Acme', 'acme', 'ACME', 'Globex', 'globex', 'Initech', 'Hooli', ''];
const LOCATIONS = ['Pune', 'pune', 'Berlin', 'Oslo', 'Lima', ''];
const SKILLS = ['React', 'react', 'SQL', 'Go', 'Rust', 'Python', 'react native'];
const AUDIENCES = ['everyone', 'everyone', 'everyone', 'connections', 'only_me'] as const;
const PROFILES = ['Public', 'Public', 'Public', 'Only Connections', 'Private'] as const;

/** `count` people with varied names, values and privacy settings, some unlisted, inactive or unverified. */
async function seedPeople(count: number, seed: number): Promise<number[]> {
  const { next, pick } = generator(seed);
  const name = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SYLLABLES)).join('');
  const rows = Array.from({ length: count }, (_, index) => ({
    email: `ix${seed}-${index}@test.example`,
    username: `ix${seed}_${index}`,
    passwordHash: 'x',
    firstName: name().replace(/^./, (letter) => (next() < 0.5 ? letter.toUpperCase() : letter)),
    lastName: name(),
    role: pick(['AL', 'AL', 'TR', 'IN', 'AD'] as const),
    isActive: next() < 0.92,
    emailVerifiedAt: next() < 0.92 ? new Date() : null,
    company: pick(COMPANIES),
    location: pick(LOCATIONS),
    cohortYear: pick([null, 2019, 2020, 2021, 2022, 2023]),
    skills: [...new Set(Array.from({ length: Math.floor(next() * 4) }, () => pick(SKILLS)))].join(', '),
    openToReferrals: next() < 0.4,
  }));
  const inserted = await t.db.insert(users).values(rows).returning({ id: users.id });
  const settings = inserted
    .filter(() => next() < 0.7)
    .map(({ id }) => ({
      userId: id,
      listedInDirectory: next() < 0.85,
      profileVisibility: pick(PROFILES),
      companyVisibleTo: pick(AUDIENCES),
      locationVisibleTo: pick(AUDIENCES),
      cohortYearVisibleTo: pick(AUDIENCES),
      skillsVisibleTo: pick(AUDIENCES),
    }));
  if (settings.length > 0) await t.db.insert(userSettings).values(settings);
  return inserted.map(({ id }) => id);
}

/** Filters of every kind, alone and together, with values people have, spell otherwise or lack. */
function filterCombinations(count: number, seed: number): DirectoryFilters[] {
  const { next, pick } = generator(seed);
  const some = (chance: number) => next() < chance;
  const fragment = () => {
    const syllable = pick(SYLLABLES);
    return pick([syllable.slice(0, 1), syllable, syllable + pick(SYLLABLES).slice(0, 1), 'zq']);
  };
  return Array.from({ length: count }, () => ({
    q: some(0.4) ? Array.from({ length: 1 + Math.floor(next() * 2) }, fragment).join(' ') : undefined,
    // 'XX': a role nobody has (the contract would refuse it; the counts must still agree).
    role: some(0.2) ? (pick(['AL', 'TR', 'IN', 'AD', 'XX']) as DirectoryFilters['role']) : undefined,
    cohort_year: some(0.3) ? pick([2019, 2021, 2023, 1999]) : undefined,
    company: some(0.25) ? pick(['acme', 'ACME', 'Globex', 'hooli', 'nope']) : undefined,
    location: some(0.2) ? pick(['PUNE', 'Berlin', 'lima', 'nowhere']) : undefined,
    skill: some(0.25) ? pick(['react', 'SQL', 'go', 'React Native', 'cobol']) : undefined,
    open_to_referrals: some(0.2) ? some(0.5) : undefined,
  }));
}

async function loadIndex(): Promise<DirectoryIndexData> {
  return new DirectoryIndexData(await executeRaw<IndexRow>(t.db, directoryIndexQuery()));
}

/** Each audience and combination: the index's counts against the statement's, at the shared size and with every value. */
async function expectSameCounts(index: DirectoryIndexData, combinations: DirectoryFilters[]) {
  for (const audience of ['public', 'everyone'] as FacetAudience[]) {
    for (const filters of combinations) {
      for (const size of [SHARED_FACET_SIZE, 3]) {
        const expected = await directoryFacets(t.db, audience, filters, size);
        expect(index.count(audience, filters, size), JSON.stringify({ audience, filters, size })).toEqual(expected);
      }
    }
  }
}

beforeAll(async () => {
  viewerHeaders = await authHeader(t.app, await createUser(t.db, { firstName: 'Index', lastName: 'Viewer', role: 'TR' }));
  await seedPeople(400, 7);
  // On PostgreSQL the channel is listened to on a connection of its own, a moment after start.
  await vi.waitFor(() => expect(t.ctx.repositories.directory.facetCache.enabled).toBe(true));
  // Loading since the channel was listened to (meanwhile the statement counts); then the people seeded.
  await t.ctx.repositories.directory.facetCache.index?.sync();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the directory index counts what the counting statement counts', () => {
  it('for many filter combinations, both audiences', async () => {
    const index = await loadIndex();
    expect(index.size).toBeGreaterThan(200);
    await expectSameCounts(index, [{}, ...filterCombinations(60, 11)]);
  });

  it('after people are reloaded: changed, hidden, gone, new', async () => {
    const index = await loadIndex();
    const { next, pick } = generator(23);
    const ids = [...index.slotOf.keys()];
    const changed = ids.filter(() => next() < 0.15);
    for (const id of changed) {
      const change = Math.floor(next() * 5);
      if (change === 0)
        await t.db
          .update(users)
          .set({ company: pick(COMPANIES), skills: pick(SKILLS) })
          .where(eq(users.id, id));
      if (change === 1) await t.db.update(users).set({ isActive: false }).where(eq(users.id, id));
      if (change === 2)
        await t.db
          .update(users)
          .set({ firstName: pick(SYLLABLES) + pick(SYLLABLES) })
          .where(eq(users.id, id));
      if (change >= 3)
        await t.db
          .insert(userSettings)
          .values({ userId: id, profileVisibility: pick(PROFILES), companyVisibleTo: pick(AUDIENCES), listedInDirectory: next() < 0.8 })
          .onConflictDoUpdate({
            target: userSettings.userId,
            set: { profileVisibility: pick(PROFILES), skillsVisibleTo: pick(AUDIENCES) },
          });
    }
    const added = await seedPeople(30, 29);
    const reloaded = [...changed, ...added];
    index.reload(reloaded, await executeRaw<IndexRow>(t.db, directoryIndexQuery({ ids: reloaded })));
    expect(index.unindexed).toBeGreaterThan(0);
    await expectSameCounts(index, [{}, ...filterCombinations(30, 31)]);
  });

  it('loaded in batches by id (a full load): the same people and counts as in one statement', async () => {
    const whole = await loadIndex();
    const batches: PeopleToLoad[] = [];
    const index = createDirectoryIndex(
      async (which) => {
        batches.push(which);
        return executeRaw<IndexRow>(t.db, directoryIndexQuery(which));
      },
      { batch: 37 },
    );
    const batched = await index.sync();
    expect(batches.length).toBe(Math.floor(whole.size / 37) + 1);
    expect(new Set(batched.slotOf.keys())).toEqual(new Set(whole.slotOf.keys()));
    await expectSameCounts(batched, [{}, ...filterCombinations(15, 41)]);
  });
});

async function facetsOn(app: App, query: Record<string, string>): Promise<DirectoryFacets> {
  const response = await app.inject({ url: `/api/directory/facets/?${new URLSearchParams(query)}`, headers: viewerHeaders });
  expect(response.statusCode).toBe(200);
  return response.json<DirectoryFacets>();
}

const countedPerson = countedPeople(() => t.db, 'Ixq');

async function as(person: TestUser, method: 'PUT' | 'DELETE', url: string, payload: object) {
  const response = await t.app.inject({ method, url, headers: await authHeader(t.app, person), payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

const changes: [string, (person: TestUser) => Promise<unknown>, DirectoryFacets][] = [
  [
    'hides their company',
    (person) => as(person, 'PUT', '/social/settings/privacy/', { company: 'only_me' }),
    { ...countedPersonFacets, company: [] },
  ],
  [
    'shows their skills to connections only',
    (person) => as(person, 'PUT', '/social/settings/privacy/', { skills: 'connections' }),
    { ...countedPersonFacets, skill: [] },
  ],
  ['sets their profile to Private', (person) => as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' }), noFacets],
  [
    'sets their profile to Only Connections',
    (person) => as(person, 'PUT', '/social/settings/', { profile_visibility: 'Only Connections' }),
    noFacets,
  ],
  ['leaves the directory listing', (person) => as(person, 'PUT', '/social/settings/', { listed_in_directory: false }), noFacets],
  ['is deactivated', (person) => t.db.update(users).set({ isActive: false }).where(eq(users.id, person.id)), noFacets],
  ['deletes their account', (person) => as(person, 'DELETE', '/api/account/', { password: TEST_PASSWORD }), noFacets],
];

describe('the counts from the index after a change', () => {
  it.each(changes)('the very next request no longer counts a person who %s', async (_, change, after) => {
    const counting = vi.spyOn(DirectoryIndexData.prototype, 'count');
    const { person, q } = await countedPerson();
    expect(await facetsOn(t.app, { q })).toEqual(countedPersonFacets);
    await change(person);
    expect(await facetsOn(t.app, { q })).toEqual(after);
    // Both counted in memory, not by the statement.
    expect(counting).toHaveBeenCalledTimes(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('and on another instance, at once (needs TEST_DATABASE_URL)', async () => {
    const second = await startSecondInstance(t, { config: createTestConfig({ redisUrl: process.env.TEST_REDIS_URL ?? '' }) });
    try {
      await vi.waitFor(() => expect(second.app.ctx.repositories.directory.facetCache.enabled).toBe(true));
      await second.app.ctx.repositories.directory.facetCache.index?.sync();
      const counting = vi.spyOn(DirectoryIndexData.prototype, 'count');
      for (const [name, change, after] of changes) {
        const { person, q } = await countedPerson();
        expect(await facetsOn(second.app, { q }), name).toEqual(countedPersonFacets);
        await change(person);
        expect(await facetsOn(second.app, { q }), name).toEqual(after);
      }
      expect(counting).toHaveBeenCalledTimes(2 * changes.length);
    } finally {
      await second.close();
    }
  });
});

describe('the announcement names the people changed (migration 0046)', () => {
  /** Spies on what the index hears from now on (a request first hears everything sent before it). */
  const heard = async () => {
    await facetsOn(t.app, { q: 'caught up' });
    const index = t.ctx.repositories.directory.facetCache.index;
    if (!index) throw new Error('the app counts facets in memory');
    return vi.spyOn(index, 'changed');
  };

  it('the ids of the rows a statement changed, users and settings alike', async () => {
    const [a, b] = [await createUser(t.db, { company: 'One' }), await createUser(t.db, { company: 'Two' })];
    if (!a || !b) throw new Error('two people');
    const changed = await heard();
    await t.db.execute(sql`update users set company = 'Both' where id in (${a.id}, ${b.id})`);
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(changed.mock.calls.map(([payload]) => String(payload).split(',').sort())).toEqual([[String(a.id), String(b.id)].sort()]);
    changed.mockClear();
    await t.db.insert(userSettings).values({ userId: a.id, companyVisibleTo: 'only_me' });
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith(String(a.id)));
  });

  it('"*" (everyone) when the ids would not fit a payload, nothing for a statement that changed no row', async () => {
    const person = await createUser(t.db, { company: 'Many' });
    const changed = await heard();
    await t.db.execute(sql`update users set company = 'None' where id = -1`);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('alumlink.directory_people', repeat('1,', 3950) || '1', true)`);
      await tx.update(users).set({ company: 'Many more' }).where(eq(users.id, person.id));
    });
    await vi.waitFor(() => expect(changed).toHaveBeenCalled());
    expect(changed.mock.calls).toEqual([['*']]);
  });

  // The index must hear of every column it reads: held to both triggers of each table.
  it('watches every column the index reads, per row and per statement', async () => {
    const { sql: text } = new PgDialect().sqlToQuery(directoryIndexQuery({ ids: [1, 2] }));
    const read = new Set<string>();
    for (const [, table, column] of text.matchAll(/"(\w+)"\."(\w+)"/g)) read.add(`${table}.${column}`);
    const { rows } = await t.db.execute<{ trigger: string; name: string }>(sql`
      select trigger_name as trigger, event_object_table || '.' || event_object_column as name
      from information_schema.triggered_update_columns
      where trigger_name like '%announce_directory_change' or trigger_name like '%note_directory_person'`);
    for (const [trigger, table] of [
      ['users_announce_directory_change', 'users'],
      ['user_settings_announce_directory_change', 'user_settings'],
      ['users_note_directory_person', 'users'],
      ['user_settings_note_directory_person', 'user_settings'],
    ] as const) {
      const watched = new Set(rows.filter((row) => row.trigger === trigger).map((row) => row.name));
      expect(
        [...read].filter((name) => name.startsWith(`${table}.`) && !watched.has(name)),
        trigger,
      ).toEqual([]);
    }
    expect(read).toContain('user_settings.skills_visible_to');
    const { rows: events } = await t.db.execute<{ name: string }>(sql`
      select event_object_table || '.' || event_manipulation as name from information_schema.triggers
      where action_statement like '%alumlink_note_directory_person%' and action_orientation = 'ROW'`);
    expect(new Set(events.map((row) => row.name))).toEqual(
      new Set(['users', 'user_settings'].flatMap((table) => ['INSERT', 'UPDATE', 'DELETE'].map((event) => `${table}.${event}`))),
    );
  });
});

describe('the index kept up to date (createDirectoryIndex)', () => {
  const row = (id: number, company: string): IndexRow => ({
    id,
    first: `p${id}`,
    last: 'x',
    role: 'AL',
    cohort_year: null,
    company,
    company_key: company.toLowerCase(),
    location: '',
    location_key: '',
    skills: [],
    skill_keys: [],
    open: false,
    public: true,
    seen: 15,
  });
  const companies = (index: DirectoryIndexData) => index.count('public', {}, 10).company;
  /** Reads `table` as directoryIndexQuery does: the people named, or a batch by id. */
  const reader =
    (table: Map<number, IndexRow>, loads: PeopleToLoad[] = []): LoadPeople =>
    async (which) => {
      loads.push(which);
      const people = [...table.values()].sort((a, b) => a.id - b.id);
      return 'ids' in which
        ? people.filter((person) => which.ids.includes(person.id))
        : people.filter((person) => person.id > which.after).slice(0, which.take);
    };
  const everyone = { after: 0, take: 2 };

  it('loads everyone (in batches) at first use, then only the people announced, and everyone again on "*" or a reset', async () => {
    const table = new Map([1, 2, 3].map((id) => [id, row(id, 'Acme')]));
    const loads: PeopleToLoad[] = [];
    const index = createDirectoryIndex(reader(table, loads), { batch: 2 });
    expect(companies(await index.sync())).toEqual([{ value: 'Acme', count: 3 }]);
    table.set(2, row(2, 'Hooli'));
    table.delete(3);
    index.changed('2,3');
    expect(companies(await index.sync())).toEqual([
      { value: 'Acme', count: 1 },
      { value: 'Hooli', count: 1 },
    ]);
    index.changed('*');
    await index.sync();
    index.reset();
    await index.sync();
    // Each load of everyone: ids 1 and 2, then the rest after 2.
    const batches = [everyone, { after: 2, take: 2 }];
    expect(loads).toEqual([...batches, { ids: [2, 3] }, ...batches, ...batches]);
  });

  it('starts loading everyone as soon as the channel is listened to, before any count', async () => {
    const loads: PeopleToLoad[] = [];
    const index = createDirectoryIndex(reader(new Map([[1, row(1, 'Acme')]]), loads), { batch: 2 });
    const cache = createFacetCache(() => 0, index);
    cache.follow(null);
    expect(loads).toEqual([]);
    cache.follow({ caughtUp: () => Promise.resolve(true) });
    expect(loads).toEqual([everyone]);
    await vi.waitFor(() => expect(index.ready).toBe(true));
    const statement = vi.fn(() => Promise.resolve(noFacets));
    expect((await cache.get('first', statement, (data) => data.count('public', {}, 10))).company).toEqual([{ value: 'Acme', count: 1 }]);
    expect(statement).not.toHaveBeenCalled();
    expect(loads).toHaveLength(1);
  });

  it('lets the event loop run between the steps of a full load', async () => {
    // Read from memory, a load would otherwise run to its end without a macrotask in between.
    const table = new Map(Array.from({ length: 12_000 }, (_, index) => [index + 1, row(index + 1, `C${index % 7}`)]));
    const index = createDirectoryIndex(reader(table), { batch: 1_000 });
    const order: string[] = [];
    setImmediate(() => order.push('another callback'));
    await index.sync().then(() => order.push('loaded'));
    expect(order).toEqual(['another callback', 'loaded']);
  });

  it('stops a load under way when closed, and waits for it', async () => {
    const table = new Map([1, 2, 3].map((id) => [id, row(id, 'Acme')]));
    const loads: PeopleToLoad[] = [];
    let release: () => void = () => undefined;
    const read = reader(table);
    const index = createDirectoryIndex(
      async (which) => {
        loads.push(which);
        await new Promise<void>((resolve) => (release = resolve));
        return read(which);
      },
      { batch: 2 },
    );
    index.prepare();
    await vi.waitFor(() => expect(loads).toHaveLength(1));
    let closed = false;
    const closing = index.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    // Waits for the statement under way.
    expect(closed).toBe(false);
    release();
    await closing;
    // No batch after it, no index, no more counts.
    expect(loads).toEqual([everyone]);
    expect(index.loaded).toBeNull();
    await expect(index.sync()).rejects.toThrow('closed');
  });

  it('leaves the counting to the statement while everyone is loaded, not to a queue', async () => {
    let release: () => void = () => undefined;
    const index = createDirectoryIndex(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return [row(1, 'Acme')];
    });
    const cache = createFacetCache(() => 0, index);
    cache.follow({ caughtUp: () => Promise.resolve(true) });
    const statement = () => Promise.resolve({ role: [{ value: 'AL', count: 9 }], cohort_year: [], company: [], skill: [], location: [] });
    const fromIndex = (data: DirectoryIndexData) => data.count('public', {}, 10);
    expect((await cache.get('first', statement, fromIndex)).role).toEqual([{ value: 'AL', count: 9 }]);
    release();
    await index.sync();
    expect((await cache.get('second', statement, fromIndex)).role).toEqual([{ value: 'AL', count: 1 }]);
  });

  it('loads everyone again in the background every INDEX_REBUILD_MS, with the people announced meanwhile', async () => {
    let clock = 0;
    const table = new Map([1, 2].map((id) => [id, row(id, 'Acme')]));
    let release: () => void = () => undefined;
    let slow = false;
    const read = reader(table);
    const index = createDirectoryIndex(
      async (which) => {
        const snapshot = await read(which);
        if (!('ids' in which) && slow) await new Promise<void>((resolve) => (release = resolve));
        return snapshot;
      },
      { now: () => clock },
    );
    const first = await index.sync();
    // A change nobody announced is seen by the next full load only.
    table.set(1, row(1, 'Unannounced'));
    slow = true;
    clock += INDEX_REBUILD_MS;
    // The old index answers while the full load runs; a change announced meanwhile is kept.
    expect(await index.sync()).toBe(first);
    table.set(2, row(2, 'Announced'));
    index.changed('2');
    expect(companies(await index.sync())).toEqual([
      { value: 'Acme', count: 1 },
      { value: 'Announced', count: 1 },
    ]);
    release();
    await vi.waitFor(async () => expect(await index.sync()).not.toBe(first));
    const swapped = await index.sync();
    expect(companies(swapped)).toEqual([
      { value: 'Announced', count: 1 },
      { value: 'Unannounced', count: 1 },
    ]);
  });
});
