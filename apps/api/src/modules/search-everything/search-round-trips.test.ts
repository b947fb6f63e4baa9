import type { SearchEverythingResult } from '@alumlink/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createCommunity, createPost, createUser, useRecordingTestApp, type TestUser } from '../../test/index';

// Search everything without a type asks five kinds: one statement probes the growing kinds (people,
// posts), one searches all five, whatever the text. While the database's announcements are
// listened to, a text's ranked matches are kept (decision 057): its first search probes, fills and
// reads the shown rows' snippets; a repeated one runs none of those.
const { t, statementsOf } = useRecordingTestApp(/search_document/);
let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
  const person = await createUser(t.db, { firstName: 'Quillon', lastName: 'Trips' });
  await createPost(t.db, { userId: person.id, caption: 'quillon post', image: null });
  await createCommunity(t.db, { name: 'Quillon club' });
});

describe('GET /api/search/ round trips through the kept matches', () => {
  it('fills a text once (probe, kept matches, shown rows) and answers it again with none', async () => {
    await vi.waitFor(() => expect(t.ctx.repositories.searchEverything.keptTexts.enabled).toBe(true));
    // Made first: a new person is a change of a watched table, which drops every kept text.
    const other = await createUser(t.db);
    const first = await statementsOf(viewer, '/api/search/?q=quillon+trips');
    expect(first.response.json<SearchEverythingResult>().results.map((hit) => hit.type)).toEqual(['people']);
    expect(first.statements).toBe(3);
    const again = await statementsOf(other, '/api/search/?q=quillon+trips');
    expect(again.response.json<SearchEverythingResult>()).toEqual(first.response.json<SearchEverythingResult>());
    expect(again.statements).toBe(0);
  });
});

describe('GET /api/search/ round trips', () => {
  // The statements' own round trips: the kept matches off (as while the channel is not listened to).
  beforeAll(() => t.ctx.repositories.searchEverything.keptTexts.follow(null));

  it('searches every kind in two statements', async () => {
    const { response, statements } = await statementsOf(viewer, '/api/search/?q=quillon');
    expect(response.statusCode).toBe(200);
    expect(response.json<SearchEverythingResult>().results.map((hit) => hit.type)).toEqual(['people', 'posts', 'communities']);
    expect(statements).toBe(2);
  });

  it('searches one growing kind in two statements, one other kind in one', async () => {
    expect((await statementsOf(viewer, '/api/search/?q=quillon&type=posts')).statements).toBe(2);
    expect((await statementsOf(viewer, '/api/search/?q=quillon&type=communities')).statements).toBe(1);
  });

  it('builds each statement text once per shape: another text and viewer of the same shape build none', async () => {
    const other = await createUser(t.db);
    await statementsOf(viewer, '/api/search/?q=quillon');
    const sqlToQuery = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const { response } = await statementsOf(other, '/api/search/?q=trips');
      expect(response.json<SearchEverythingResult>().results.map((hit) => hit.type)).toEqual(['people']);
      const built = sqlToQuery.mock.results.filter((result) => /search_document/.test((result.value as { sql: string }).sql));
      expect(built).toEqual([]);
    } finally {
      sqlToQuery.mockRestore();
    }
  });
});
