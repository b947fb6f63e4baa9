import { LIMITS } from '@alumlink/contract';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app';
import type { Viewer } from '../settings/visibility';
import { users } from '../../db/schema/index';
import {
  authHeader,
  createTestApp,
  createTestConfig,
  createUser,
  createUserSettings,
  startSecondInstance,
  type TestApp,
  type TestUser,
} from '../../test/index';
import { keptPeoplePageQuery, searchPeopleStatement, type SearchKind } from './search.repository';

// The people type-ahead's kept candidates (decision 064) follow every change at once: each case
// searches (the text's candidates are kept), searches again (from memory), makes the change, and
// searches again with no waiting in between.

let t: TestApp;
let viewer: TestUser;
let texts = 0;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createUser(t.db, { firstName: 'Typeahead', lastName: 'Viewer', email: 'typeahead.viewer@kept.example' });
  // On PostgreSQL the channel is listened to on a connection of its own, a moment after start.
  await vi.waitFor(() => expect(t.ctx.repositories.search.keptTexts.enabled).toBe(true));
});
afterAll(() => t.close());

/** A name no other case uses (letters only: a whole trigram, rare). */
function name(): string {
  texts += 1;
  return `Kepttypeahead${'abcdefghij'[texts % 10]}${'klmnopqrst'[Math.floor(texts / 10) % 10]}`;
}

async function idsOn(app: App, person: TestUser, q: string): Promise<number[]> {
  const response = await app.inject({ url: `/api/search-users/?q=${encodeURIComponent(q)}`, headers: await authHeader(app, person) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number }[]>().map((row) => row.id);
}
const found = (q: string, person: TestUser = viewer, app: App = t.app) => idsOn(app, person, q);

/** Searched twice: the second answer comes from the kept candidates. */
async function kept(q: string, person: TestUser = viewer, app: App = t.app): Promise<number[]> {
  const first = await found(q, person, app);
  expect(await found(q, person, app)).toEqual(first);
  expect(app.ctx.repositories.search.keptTexts.size).toBeGreaterThan(0);
  return first;
}

async function as(person: TestUser, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({ method, url, headers: await authHeader(t.app, person), ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('people type-ahead from the kept candidates', () => {
  it('answers a repeated text from memory while nothing is announced, and drops it on an announcement', async () => {
    const text = name();
    const first = await createUser(t.db, { firstName: text, lastName: 'One' });
    expect(await kept(text)).toEqual([first.id]);
    // With the announcement switched off, a new person of that name is not seen: the candidates came from memory...
    await t.db.execute(sql`alter table users disable trigger users_announce_search_change`);
    let second: TestUser;
    try {
      second = await createUser(t.db, { firstName: text, lastName: 'Two' });
      expect(await found(text)).toEqual([first.id]);
    } finally {
      await t.db.execute(sql`alter table users enable trigger users_announce_search_change`);
    }
    // ...and any announced change drops them.
    await t.db
      .update(users)
      .set({ firstName: sql`${users.firstName}` })
      .where(eq(users.id, -1));
    expect((await found(text)).sort()).toEqual([first.id, second.id].sort());
  });

  it('finds a renamed person by the new name and no longer by the old, at once (name, e-mail, job title)', async () => {
    const before = name();
    const after = name();
    const person = await createUser(t.db, { firstName: before, lastName: 'Renamed', email: `${before}@kept.example` });
    expect(await kept(before)).toEqual([person.id]);
    expect(await kept(after)).toEqual([]);
    await as(person, 'PUT', '/social/user-profiles/update-me/', { first_name: after });
    // The old name is still in the e-mail: found by it, as the statement finds it.
    expect(await found(before)).toEqual([person.id]);
    expect(await found(after)).toEqual([person.id]);
    const mail = name();
    expect(await kept(mail)).toEqual([]);
    await t.db
      .update(users)
      .set({ email: `${mail}@kept.example` })
      .where(eq(users.id, person.id));
    expect(await found(mail)).toEqual([person.id]);
    expect(await found(before)).toEqual([]);
    const title = name();
    expect(await kept(title)).toEqual([]);
    await t.db
      .update(users)
      .set({ jobTitle: `Chief ${title}` })
      .where(eq(users.id, person.id));
    expect(await found(title)).toEqual([person.id]);
  });

  it('stops listing a person who hides themselves (Private, Only Connections) and lists them again when they show', async () => {
    const text = name();
    const person = await createUser(t.db, { firstName: text, lastName: 'Hider' });
    expect(await kept(text)).toEqual([person.id]);
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
    expect(await found(text)).toEqual([]);
    // They still find themselves.
    expect(await found(text, person)).toEqual([person.id]);
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Only Connections' });
    expect(await found(text)).toEqual([]);
    await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Public' });
    expect(await found(text)).toEqual([person.id]);
  });

  it('matches a hidden e-mail or company only for those who may see it (the viewer part, per request)', async () => {
    const text = name().toLowerCase();
    const person = await createUser(t.db, {
      firstName: 'Mailonly',
      lastName: 'Person',
      email: `${text}@kept.example`,
      company: `${text} Works`,
    });
    expect(await kept(text)).toEqual([person.id]);
    await createUserSettings(t.db, { userId: person.id, emailVisibleTo: 'only_me', companyVisibleTo: 'only_me' });
    expect(await found(text)).toEqual([]);
    const admin = await createUser(t.db, { role: 'AD' });
    expect(await found(text, admin)).toEqual([person.id]);
  });

  it('stops listing a person who leaves: deactivated, or deleted', async () => {
    const text = name();
    const leaving = await createUser(t.db, { firstName: text, lastName: 'Leaving' });
    const deleted = await createUser(t.db, { firstName: text, lastName: 'Deleted' });
    expect((await kept(text)).sort()).toEqual([leaving.id, deleted.id].sort());
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    expect(await found(text)).toEqual([deleted.id]);
    const admin = await createUser(t.db, { role: 'AD' });
    await as(admin, 'DELETE', `/admin/delete-user/${deleted.id}/`);
    expect(await found(text)).toEqual([]);
  });

  it('leaves a viewer who may list fewer than a page of a cut list to the statement', async () => {
    const text = name();
    // More than the kept candidates, the first of them (by rank: exact name first, then id) Private.
    const people: TestUser[] = [];
    for (let index = 0; index < 2 * LIMITS.searchResultsMax + 5; index += 1) {
      people.push(
        await createUser(t.db, { firstName: index < LIMITS.searchResultsMax + 5 ? text : `${text}x`, lastName: `Crowd${index}` }),
      );
    }
    for (const person of people.slice(0, LIMITS.searchResultsMax + 5)) {
      await createUserSettings(t.db, { userId: person.id, profileVisibility: 'Private' });
    }
    const ids = await kept(text);
    expect(ids).toHaveLength(LIMITS.searchResultsMax);
    expect(ids.every((id) => people.slice(LIMITS.searchResultsMax + 5).some((person) => person.id === id))).toBe(true);
  });

  it('answers as the statement answers, for texts of every kind and viewers who may list different people', async () => {
    const text = name().toLowerCase();
    const hidden = await createUser(t.db, { firstName: `${text}a`, lastName: 'Hidden', email: `h.${text}@kept.example` });
    await createUserSettings(t.db, { userId: hidden.id, profileVisibility: 'Private' });
    const guarded = await createUser(t.db, { firstName: 'Guarded', lastName: 'Mail', email: `g.${text}@kept.example` });
    await createUserSettings(t.db, { userId: guarded.id, emailVisibleTo: 'only_me' });
    for (let index = 0; index < 8; index += 1) await createUser(t.db, { firstName: `${text}${index}`, lastName: `Same${index}` });
    const admin = await createUser(t.db, { role: 'AD' });
    const repository = t.ctx.repositories.search;
    for (const q of [text, text.slice(0, 2), text.slice(3, 9), String(guarded.id), `g.${text}`, 'zzqqxx']) {
      for (const person of [viewer, hidden, guarded, admin]) {
        const viewerOf = { id: person.id, role: person.role as Viewer['role'] };
        await repository.searchPeople(q, viewerOf);
        const fromMemory = (await repository.searchPeople(q, viewerOf)).map((row) => row.id);
        const fromStatement = (await repository.searchPeopleByStatement(q, viewerOf)).map((row) => row.id);
        expect(fromMemory, `${q} as ${person.id}`).toEqual(fromStatement);
      }
    }
  });
});

describe('the announcement (migrations 0047 and 0050)', () => {
  // The kept candidates read only the users table (no viewer's part): every column of it that the
  // fill statements read must be watched; the per-request page reads the settings itself.
  it('watches every users column the fill statements read', async () => {
    const read = new Set<string>();
    for (const kind of ['prefix', 'trigram', 'sampled'] as SearchKind[]) {
      const { sql: statement } = new PgDialect().sqlToQuery(searchPeopleStatement(t.db, kind, 'everyone').query);
      for (const [, table, column] of statement.matchAll(/"(\w+)"\."(\w+)"/g)) read.add(`${table}.${column}`);
      for (const [, column] of statement.matchAll(/\b(first_name|last_name|email|job_title|headline|company|search_text)\b/g))
        read.add(`users.${column}`);
    }
    const { rows: columns } = await t.db.execute<{ name: string }>(sql`
      select event_object_table || '.' || event_object_column as name from information_schema.triggered_update_columns
      where trigger_name = 'users_announce_search_change'`);
    const { rows: generated } = await t.db.execute<{ name: string; source: string }>(sql`
      select table_name || '.' || dependent_column as name, table_name || '.' || column_name as source
      from information_schema.column_column_usage where table_schema = current_schema()`);
    const watched = new Set(columns.map((row) => row.name));
    const sources = new Map<string, string[]>();
    for (const { name: column, source } of generated) sources.set(column, [...(sources.get(column) ?? []), source]);
    expect([...read].filter((table) => !table.startsWith('users.'))).toEqual([]);
    const unwatched = [...read].filter(
      (column) => !watched.has(column) && !(sources.get(column)?.every((source) => watched.has(source)) ?? false),
    );
    expect(unwatched).toEqual([]);
    expect(read).toContain('users.company');
    expect(read).toContain('users.is_active');
    // The page reads the settings per request and keeps nothing of them.
    const { sql: page } = new PgDialect().sqlToQuery(keptPeoplePageQuery({ substrings: true }));
    expect(page).toContain('"user_settings"');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the kept candidates on two instances (needs TEST_DATABASE_URL)', () => {
  it('follow a rename made through the other instance at once', async () => {
    const second = await startSecondInstance(t, { config: createTestConfig({ redisUrl: process.env.TEST_REDIS_URL ?? '' }) });
    const other = second.app;
    try {
      await vi.waitFor(() => expect(other.ctx.repositories.search.keptTexts.enabled).toBe(true));
      const before = name();
      const after = name();
      const person = await createUser(t.db, { firstName: before, lastName: 'Twice' });
      expect(await kept(before, viewer, other)).toEqual([person.id]);
      expect(await kept(after, viewer, other)).toEqual([]);
      await as(person, 'PUT', '/social/user-profiles/update-me/', { first_name: after });
      expect(await found(after, viewer, other)).toEqual([person.id]);
      await as(person, 'PUT', '/social/settings/', { profile_visibility: 'Private' });
      expect(await found(after, viewer, other)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
