import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/communities/', () => {
  it('answers an empty list on an empty database', async () => {
    const response = await t.app.inject({ url: '/api/communities/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists every community by name, publicly, with the contract fields only', async () => {
    await t.db.insert(communities).values([
      { slug: 'zeta', name: 'Zeta Club', description: 'Last', icon: 'star', membersCount: 3 },
      { slug: 'alpha', name: 'Alpha Group', description: 'First', icon: 'code' },
    ]);
    const response = await t.app.inject({ url: '/api/communities/' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.map((c: { name: string }) => c.name)).toEqual(['Alpha Group', 'Zeta Club']);
    expect(body[1]).toEqual({
      id: expect.any(Number),
      slug: 'zeta',
      name: 'Zeta Club',
      description: 'Last',
      icon: 'star',
      members_count: 3,
    });
  });

  it('is reachable under the /alumlink alias', async () => {
    const response = await t.app.inject({ url: '/alumlink/api/communities/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(2);
  });
});
