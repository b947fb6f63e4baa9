import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communities } from '../db/schema/index';
import { createTestApp, type TestApp } from '../test/index';
import { conflict, serverBusy, validation } from './errors';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const body = z.object({ name: z.string().min(2, 'Too short.'), age: z.number().int().optional() });
  t.app.post('/api/test/echo/', { schema: { body } }, async (request) => ({ received: request.body }));
  t.app.get('/api/test/query/', { schema: { querystring: z.object({ limit: z.coerce.number().int().max(5) }) } }, async () => ({}));
  t.app.get('/api/test/boom/', async () => {
    throw new Error('secret database password leaked in message');
  });
  t.app.get('/api/test/pool-timeout/', async () => {
    throw new Error('Failed query', { cause: new Error('timeout exceeded when trying to connect') });
  });
  t.app.get('/api/test/db-restarting/', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  t.app.get('/api/test/conflict/', async () => {
    throw conflict('Already there.', 'already_there');
  });
  t.app.get('/api/test/busy/', async () => {
    throw serverBusy(7);
  });
  t.app.get('/api/test/fields/', async () => {
    throw validation({ non_field_errors: ['Invalid OTP.'] });
  });
  t.app.get('/api/test/limited/', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
  t.app.get('/api/test/duplicate/', async () => {
    const row = { slug: 'duplicate-slug', name: 'Duplicate' };
    await t.db.insert(communities).values(row).onConflictDoNothing();
    await t.db.insert(communities).values(row);
    return {};
  });
});
afterAll(() => t.close());

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/api/test/echo/', payload, headers: { 'content-type': contentType } });

describe('error handler', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    const response = await post('{"name": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON in request body.', code: 'invalid_json' });
  });

  it('answers an oversized body with 413', async () => {
    const response = await post(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.', code: 'too_large' });
  });

  it('answers an unsupported content type with 415', async () => {
    for (const type of ['application/xml', 'text/plain']) {
      const response = await post('<name>x</name>', type);
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    }
  });

  it('maps validation issues to DRF-style field errors', async () => {
    const response = await post(JSON.stringify({ name: 'x', age: 'old' }));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.name).toEqual(['Too short.']);
    expect(body.age).toHaveLength(1);
    expect(body.non_field_errors).toBeUndefined();
  });

  it('puts body-level issues in non_field_errors', async () => {
    const response = await post('[1, 2]');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['non_field_errors']);
  });

  it('validates the query string by field too', async () => {
    const response = await t.app.inject({ url: '/api/test/query/?limit=50' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['limit']);
  });

  it('ignores unknown fields', async () => {
    const response = await post(JSON.stringify({ name: 'Ada', is_staff: true }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { name: 'Ada' } });
  });

  it('answers unknown routes with the 404 shape', async () => {
    for (const url of ['/api/nothing-here/', '/users/nope/', '/nope']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
    }
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/communities/' });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('hides unknown errors behind a 500', async () => {
    const response = await t.app.inject({ url: '/api/test/boom/' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ detail: 'Internal server error', code: 'internal' });
    expect(response.body).not.toContain('secret');
  });

  it('answers 503 with Retry-After when the database cannot be reached', async () => {
    for (const url of ['/api/test/pool-timeout/', '/api/test/db-restarting/']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ detail: 'The service is temporarily unavailable. Try again shortly.', code: 'unavailable' });
    }
  });

  it('answers a full queue (serverBusy) with 503 busy and its Retry-After', async () => {
    const response = await t.app.inject({ url: '/api/test/busy/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json()).toEqual({ detail: 'The server is busy. Please try again in a moment.', code: 'busy' });
  });

  it('sends AppError status, detail and code, or its field errors', async () => {
    const conflictResponse = await t.app.inject({ url: '/api/test/conflict/' });
    expect(conflictResponse.statusCode).toBe(409);
    expect(conflictResponse.json()).toEqual({ detail: 'Already there.', code: 'already_there' });
    const fieldsResponse = await t.app.inject({ url: '/api/test/fields/' });
    expect(fieldsResponse.statusCode).toBe(400);
    expect(fieldsResponse.json()).toEqual({ non_field_errors: ['Invalid OTP.'] });
  });

  it('turns a unique violation into 409', async () => {
    const response = await t.app.inject({ url: '/api/test/duplicate/' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('conflict');
  });

  it('answers rate-limited requests with 429 and Retry-After', async () => {
    expect((await t.app.inject({ url: '/api/test/limited/' })).statusCode).toBe(200);
    const limited = await t.app.inject({ url: '/api/test/limited/' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('echoes a sane x-request-id and generates one otherwise', async () => {
    const echoed = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const generated = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
