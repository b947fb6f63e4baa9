import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, createUser, TEST_PASSWORD, type TestApp, type TestUser } from '../test/index';
import { MIN_COMPRESSED_BYTES } from './compression';

let t: TestApp;
let person: TestUser;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  person = await createUser(t.db, { firstName: 'Zip', lastName: 'Person' });
  headers = await authHeader(t.app, person);
  await t.db.execute(sql`
    insert into posts (user_id, caption, image)
    select ${person.id}, 'A caption long enough to make the page worth compressing, number ' || g, 'posts/x.webp'
    from generate_series(1, 30) g`);
});
afterAll(() => t.close());

const feed = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/social/posts/',
    headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

describe('JSON compression', () => {
  it('sends a large JSON answer as brotli or gzip when accepted, with the same content, varying on Accept-Encoding', async () => {
    const plain = await feed();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);

    const viaBrotli = await feed('gzip, deflate, br, zstd');
    expect(viaBrotli.headers['content-encoding']).toBe('br');
    expect(viaBrotli.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(viaBrotli.headers['content-length'])).toBe(viaBrotli.rawPayload.length);
    expect(viaBrotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(viaBrotli.rawPayload).toString())).toEqual(plain.json());

    const viaGzip = await feed('gzip');
    expect(viaGzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(viaGzip.rawPayload).toString())).toEqual(plain.json());

    expect((await feed('identity')).headers['content-encoding']).toBeUndefined();
    expect((await feed('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('leaves small answers, errors and every POST (sign-in tokens) uncompressed', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'accept-encoding': 'br' },
      payload: { email: person.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.headers['content-encoding']).toBeUndefined();
    expect(signIn.json()).toHaveProperty('access');
  });

  it('never compresses an answer to a POST, however large (BREACH)', async () => {
    const [post] = (await feed()).json().results as { id: number }[];
    const comment = await t.app.inject({
      method: 'POST',
      url: `/social/posts/${post?.id}/comment/`,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
      payload: { text: 'A comment long enough to be worth compressing. '.repeat(40) },
    });
    expect(comment.statusCode).toBe(201);
    expect(comment.rawPayload.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(comment.headers['content-encoding']).toBeUndefined();
    expect(comment.json()).toHaveProperty('text');
  });

  it('picks brotli, then gzip, from Accept-Encoding, honouring q=0', async () => {
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ['', undefined],
      ['identity', undefined],
      ['gzip, deflate, br', 'br'],
      ['GZIP', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['br; q=0 , gzip; q=0', undefined],
    ];
    for (const [acceptEncoding, encoding] of cases) {
      expect((await feed(acceptEncoding)).headers['content-encoding'], acceptEncoding).toBe(encoding);
    }
  });

  it('compresses the largest page in one go, with its Content-Length', async () => {
    await t.db.execute(sql`
      insert into posts (user_id, caption, image)
      select ${person.id}, repeat('A caption at the length limit, number ' || g || '. ', 40), 'posts/x.webp'
      from generate_series(1, 100) g`);
    const largest = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/social/posts/?limit=100',
        headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
      });
    const plain = await largest();
    expect(plain.json().results).toHaveLength(100);
    expect(plain.rawPayload.length).toBeGreaterThan(150_000);
    const viaBrotli = await largest('br');
    expect(viaBrotli.headers['content-encoding']).toBe('br');
    expect(Number(viaBrotli.headers['content-length'])).toBe(viaBrotli.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(viaBrotli.rawPayload).toString())).toEqual(plain.json());
  });
});
