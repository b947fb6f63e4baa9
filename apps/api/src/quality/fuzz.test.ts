// Hostile input on every route of the OpenAPI document: generated path parameters, query strings
// and bodies (wrong types, huge strings, unicode, nulls, nested junk, SQL and HTML fragments),
// sent by each role, by nobody and with broken tokens. No answer may be a 5xx, every answer is
// JSON `{detail, code}`, field errors or the route's declared success shape, and the server
// still answers /healthz afterwards. FUZZ_RUNS (default 25) runs per route; FUZZ_SEED replays.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/index';
import { bombPng, imageFile, multipartBody, sampleImage, type UploadFile } from '../test/uploads';
import { answerProblems } from './support/answers';
import { COMMON_FIELDS, junkJson, junkScalar, junkString, pathValue, RAW_PAYLOADS, valueFor, type Ids } from './support/arbitraries';
import { createCast, ROLES_UNDER_TEST, type Cast, type Caller } from './support/cast';
import { listOperations, operationKey, type Operation } from './support/openapi';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** The routes taking multipart/form-data (their body schema is checked by hand, so OpenAPI has no body for them). */
const UPLOAD_ROUTES: readonly string[] = [
  'POST /social/posts/',
  'PUT /social/user-profiles/update-me/',
  'PUT /social/profiles/update-me/',
  'POST /api/events/',
  'PATCH /api/events/{id}/',
];
const CALLERS: readonly Caller[] = ['nobody', 'bad-token', ...ROLES_UNDER_TEST];

type Body = { contentType: string; payload: string } | null;
type FuzzRequest = { caller: Caller; url: string; body: Body };

/** Answers seen, by status, and the routes that answered at least one generated request with a 2xx. */
const statuses = new Map<number, number>();
const routesWithSuccess = new Set<string>();
let t: TestApp;
let cast: Cast;
let operations: Operation[];

const json = (value: unknown): Body => ({ contentType: 'application/json', payload: JSON.stringify(value) ?? 'null' });

function bodyArbitrary(operation: Operation, ids: Ids): fc.Arbitrary<Body> {
  if (operation.method === 'GET') return fc.constant(null);
  const raw = fc.constantFrom(...RAW_PAYLOADS);
  if (operation.jsonBody) {
    return fc.oneof(
      { weight: 6, arbitrary: valueFor(operation.jsonBody, ids).map(json) },
      { weight: 2, arbitrary: junkJson.map(json) },
      { weight: 2, arbitrary: raw },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  }
  const commonFields = fc.dictionary(fc.constantFrom(...COMMON_FIELDS), junkScalar, { maxKeys: 6 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 3, arbitrary: commonFields.map(json) },
    { weight: 1, arbitrary: junkJson.map(json) },
    { weight: 1, arbitrary: raw },
  );
}

function urlArbitrary(operation: Operation, ids: Ids): fc.Arbitrary<string> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const path = fc
    .tuple(...pathParameters.map((parameter) => pathValue(parameter.name, ids)))
    .map((values) =>
      pathParameters.reduce((url, parameter, index) => url.replace(`{${parameter.name}}`, values[index] ?? ''), operation.path),
    );
  const declared = fc.tuple(
    ...queryParameters.map((parameter) =>
      fc.option(
        valueFor(parameter.schema, ids).map(
          (value) => [parameter.name, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')] as const,
        ),
        {
          freq: 2,
        },
      ),
    ),
  );
  const extra = fc.array(fc.tuple(fc.oneof(junkString, fc.constantFrom('limit', 'cursor', 'q', 'user_id')), junkString), { maxLength: 2 });
  return fc.tuple(path, declared, extra).map(([base, pairs, extraPairs]) => {
    const query = new URLSearchParams();
    for (const pair of pairs) if (pair) query.append(pair[0], pair[1]);
    for (const [key, value] of extraPairs) query.append(key, value);
    const search = query.toString();
    return search ? `${base}?${search}` : base;
  });
}

async function send(request: FuzzRequest, operation: Operation | null, method: Operation['method']) {
  const headers: Record<string, string> = { ...cast.headersOf(request.caller) };
  if (request.body) headers['content-type'] = request.body.contentType;
  const response = await t.app.inject({ method, url: request.url, headers, ...(request.body ? { payload: request.body.payload } : {}) });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (operation && response.statusCode < 300) routesWithSuccess.add(operationKey(operation));
  const problems = answerProblems(operation, response);
  if (problems.length > 0) {
    const sent = request.body ? ` ${request.body.contentType} ${request.body.payload.slice(0, 300)}` : '';
    throw new Error(`${method} ${request.url.slice(0, 300)} as ${request.caller}${sent}\n→ ${response.statusCode}: ${problems.join('; ')}`);
  }
  return response;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitMultiplier: 1000 });
  operations = await listOperations(t.app);
  cast = await createCast(t);
}, 120_000);
afterAll(() => t.close());
beforeEach(() => cast.heal());

describe('fuzz: generated input on every route', () => {
  it('finds the routes in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it(
    'answers every generated request without a 5xx and with a well-formed body',
    { timeout: Math.max(600_000, RUNS * 1_000) },
    async () => {
      // Multipart-only routes are here too: their JSON and junk answers must be clean as well.
      for (const operation of operations) {
        const request = fc.record({
          caller: fc.constantFrom(...CALLERS),
          url: urlArbitrary(operation, cast.ids),
          body: bodyArbitrary(operation, cast.ids),
        });
        await fc.assert(
          fc.asyncProperty(request, async (generated) => {
            await send(generated, operation, operation.method);
          }),
          { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
        );
        await cast.heal();
      }
      const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
      console.info(
        `fuzz: ${total} requests on ${operations.length} routes (${RUNS} runs each), statuses ${JSON.stringify(Object.fromEntries(statuses))}, ` +
          `${routesWithSuccess.size} routes reached a 2xx`,
      );
      // Guards the generators: if nearly nothing gets past validation, the fuzz tests little.
      if (RUNS >= 12) expect(routesWithSuccess.size).toBeGreaterThan(operations.length / 3);
    },
  );
});

describe('fuzz: junk multipart bodies on the upload routes', () => {
  const uploadRoutes = () => operations.filter((operation) => UPLOAD_ROUTES.includes(operationKey(operation)));

  it('knows every route that takes multipart/form-data', () => {
    const saysMultipart = operations.filter((operation) => /multipart/i.test(operation.summary)).map(operationKey);
    expect(saysMultipart.sort()).toEqual([...UPLOAD_ROUTES].sort());
  });

  async function junkUploads(): Promise<{ name: string; fields: Record<string, string>; files: UploadFile[] }[]> {
    const png = await sampleImage(16, 16);
    return [
      {
        name: 'random bytes as an image',
        fields: { caption: 'x' },
        files: [imageFile(Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)))],
      },
      { name: 'a decompression bomb', fields: { caption: 'bomb' }, files: [imageFile(bombPng())] },
      { name: 'text claiming to be a PNG', fields: { caption: 'x' }, files: [imageFile(Buffer.from('hello, not an image'), 'a.png')] },
      {
        name: 'an SVG with a script',
        fields: { caption: 'svg' },
        files: [
          imageFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'),
        ],
      },
      { name: 'a truncated PNG', fields: { caption: 'x' }, files: [imageFile(png.subarray(0, 40))] },
      { name: 'two images', fields: { caption: 'x' }, files: [imageFile(png), imageFile(png, 'b.png')] },
      {
        name: 'the image as a field, text as a file',
        fields: { image: 'not a file' },
        files: [imageFile(Buffer.from('caption?'), 'c.txt', 'text/plain', 'caption')],
      },
      {
        name: 'hostile fields only',
        fields: { caption: '<script>1</script>', title: "'; DROP TABLE posts; --", starts_at: 'yesterday', bio: '\u0000' },
        files: [],
      },
      { name: 'a huge caption', fields: { caption: 'c'.repeat(200_000), first_name: 'x'.repeat(10_000) }, files: [imageFile(png)] },
      {
        name: 'a file over the size cap',
        fields: { caption: 'big' },
        files: [imageFile(Buffer.concat([png, Buffer.alloc(11 * 1024 * 1024)]))],
      },
      { name: 'an empty file', fields: { caption: 'empty' }, files: [imageFile(Buffer.alloc(0))] },
    ];
  }

  it('answers junk uploads with a 4xx or a clean success, never a 5xx', { timeout: 300_000 }, async () => {
    const routes = uploadRoutes();
    expect(routes.map(operationKey)).toContain('POST /social/posts/');
    const uploads = await junkUploads();
    const idPath = (operation: Operation) => operation.path.replace('{id}', String(cast.ids.numbers[0] ?? 1));
    for (const operation of routes) {
      for (const upload of uploads) {
        for (const caller of ['nobody', 'AD', 'AL'] as const) {
          const { payload, headers } = multipartBody(upload.fields, upload.files);
          const cut = upload.name === 'a truncated PNG' ? payload.subarray(0, payload.length - 30) : payload;
          const response = await t.app.inject({
            method: operation.method,
            url: idPath(operation),
            payload: cut,
            headers: { ...headers, ...cast.headersOf(caller) },
          });
          expect(answerProblems(operation, response), `${operationKey(operation)} with ${upload.name} as ${caller}`).toEqual([]);
        }
      }
      await cast.heal();
    }
  });

  it('refuses a multipart body without a boundary and a body that claims to be multipart but is not', async () => {
    for (const operation of uploadRoutes()) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=zzz']) {
        const response = await t.app.inject({
          method: operation.method,
          url: operation.path.replace('{id}', '1'),
          payload: 'garbage without parts',
          headers: { 'content-type': contentType, ...cast.headers.AD },
        });
        expect(response.statusCode, `${operationKey(operation)} ${contentType}`).toBeGreaterThanOrEqual(400);
        expect(answerProblems(operation, response), `${operationKey(operation)} ${contentType}`).toEqual([]);
      }
    }
  });
});

describe('hostile cases the fuzz found or must always cover', () => {
  it('answers a NUL character in text with a 400, not a 500 (PostgreSQL refuses it)', async () => {
    const cases = [
      { method: 'PUT' as const, url: '/social/user-profiles/update-me/', payload: { bio: 'a\u0000b' } },
      {
        method: 'POST' as const,
        url: '/api/referrals/create/',
        payload: { company: 'A\u0000', role: 'QA', ctc: 1, location: 'Pune', requirements: 'x' },
      },
      { method: 'GET' as const, url: '/api/search-users/?q=%00admin' },
      { method: 'GET' as const, url: '/api/jobs/?q=%00' },
    ];
    for (const { method, url, ...rest } of cases) {
      const response = await t.app.inject({ method, url, headers: cast.headers.AL, ...rest });
      expect(answerProblems(null, response), `${method} ${url}`).toEqual([]);
      if (response.statusCode >= 400) expect(response.statusCode, `${method} ${url}`).toBe(400);
    }
  });

  it('answers ids beyond any integer column with a 4xx', async () => {
    for (const id of ['2147483648', '9007199254740993', '-1', '0', '1e3', '0x10']) {
      for (const url of [
        `/social/posts/${id}/comments/`,
        `/api/jobs/${id}/`,
        `/social/conversations/${id}/messages/`,
        `/api/events/${id}/`,
      ]) {
        const response = await t.app.inject({ url, headers: cast.headers.TR });
        expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(answerProblems(null, response), url).toEqual([]);
      }
    }
  });
});

describe('after the fuzz', () => {
  it('still answers /healthz and /readyz, and still knows its people', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/social/user-profiles/me/', headers: cast.headers.AD });
    expect(me.statusCode).toBe(200);
  });
});
