import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, createUser, type RecordedStatement, type TestApp } from '../../../test/index';

// The administrators' people search counts every match (18-63 ms among 100,000 people): on the
// pipelined client every statement written after it on its connection would wait for it. It runs
// on the one-query-per-connection pool instead; the people's own search stays pipelined.
let t: TestApp;
const statements: RecordedStatement[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { recordStatementsInto: statements });
});
afterAll(() => t.close());

const searchStatementsOf = (marker: RegExp) =>
  statements.filter((statement) => marker.test(statement.text)).map((statement) => statement.via);

describe('which client a people search runs on', () => {
  it("runs the administrators' counted search on db, off the pipeline, and the type-ahead search on statements", async () => {
    const admin = await createUser(t.db, { role: 'AD', firstName: 'Ada', lastName: 'Admin' });
    const person = await createUser(t.db, { firstName: 'Bea', lastName: 'Person' });
    const adminAuth = await authHeader(t.app, admin);
    const personAuth = await authHeader(t.app, person);

    statements.length = 0;
    const adminSearch = await t.app.inject({ url: '/users/?q=bea', headers: adminAuth });
    expect(adminSearch.statusCode).toBe(200);
    expect(searchStatementsOf(/with matches as materialized/)).toEqual(['db']);

    statements.length = 0;
    const typeAhead = await t.app.inject({ url: '/api/search-users/?q=ada', headers: personAuth });
    expect(typeAhead.statusCode).toBe(200);
    expect(searchStatementsOf(/with prefixed as materialized/)).toEqual(['statements']);
  });
});
