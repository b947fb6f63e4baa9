import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, createUser, type RecordedStatement, type TestApp } from '../../test/index';

// The web app reads the signed-in person's own record on every load: a prepared statement.
let t: TestApp;
const statements: RecordedStatement[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { recordStatementsInto: statements });
});
afterAll(() => t.close());

describe('GET /social/user-profiles/me/', () => {
  it('answers the person from a prepared statement, as the other hot reads', async () => {
    const person = await createUser(t.db, { firstName: 'Mia', lastName: 'Me' });
    const headers = await authHeader(t.app, person);
    for (const url of ['/social/user-profiles/me/', '/social/profiles/me/']) {
      statements.length = 0;
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: person.id, first_name: 'Mia', last_name: 'Me' });
      const reads = statements.filter((statement) => /from "users"/.test(statement.text));
      expect(reads.length, url).toBeGreaterThan(0);
      expect(reads.map((statement) => statement.via)).toEqual(reads.map(() => 'statements'));
    }
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/social/user-profiles/me/' })).statusCode).toBe(401);
  });
});
