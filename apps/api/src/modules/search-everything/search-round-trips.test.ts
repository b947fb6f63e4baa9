import type { SearchEverythingResult } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCommunity, createPost, createUser, useRecordingTestApp, type TestUser } from '../../test/index';

// Search everything without a type asks five kinds: one statement probes the growing kinds (people,
// posts), one searches all five, whatever the text.
const { t, statementsOf } = useRecordingTestApp(/search_document/);
let viewer: TestUser;

beforeAll(async () => {
  viewer = await createUser(t.db);
  const person = await createUser(t.db, { firstName: 'Quillon', lastName: 'Trips' });
  await createPost(t.db, { userId: person.id, caption: 'quillon post', image: null });
  await createCommunity(t.db, { name: 'Quillon club' });
});

describe('GET /api/search/ round trips', () => {
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
});
