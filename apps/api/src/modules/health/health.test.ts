import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health probes', () => {
  it('reports liveness', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness while the database answers, 503 once it does not', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    await t.database.close();
    const unavailable = await t.app.inject({ url: '/readyz' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toEqual({ status: 'unavailable' });
  });

  it('lists the routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/communities/', '/api/events/', '/healthz']));
    expect(document.paths['/api/events/'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['q', 'cursor', 'limit']),
    );
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});
