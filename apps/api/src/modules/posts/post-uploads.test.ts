import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LIMITS, UPLOAD_MESSAGES } from '@alumlink/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { posts } from '../../db/schema/index';
import { DECODE_LANES, imageDecoding } from '../../lib/images';
import { readMultipartForm, registerMultipart } from '../../lib/multipart';
import { authHeader, useTestApp, createUser } from '../../test/index';
import { bombPng, imageFile, multipartBody, sampleImage, streamedBody, type StreamedBody, type UploadFile } from '../../test/uploads';

const t = useTestApp();
let headers: { authorization: string };

/** A test route with a 100 ms body deadline, to see a trickling body give its place up. */
const DEADLINE_ROUTE = '/api/test/upload-deadline/';

beforeAll(async () => {
  await t.app.register(async (scope) => {
    await registerMultipart(scope, { bodyDeadlineMs: 100 });
    scope.post(DEADLINE_ROUTE, async (request) => ({ files: (await readMultipartForm(request, ['image'])).files.size }));
  });
  headers = await authHeader(t.app, await createUser(t.db));
});

function upload(file: UploadFile, url = '/social/posts/', method: 'POST' | 'PUT' = 'POST') {
  const body = multipartBody({ caption: 'Look at this' }, [file]);
  return t.app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

function storedFiles(): string[] {
  const dir = path.join(t.config.mediaDir, 'posts');
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe('bad uploads are refused', () => {
  it.each([
    ['a text file named .jpg', imageFile(Buffer.from('Just some text, honestly.\n'), 'photo.jpg', 'image/jpeg')],
    [
      'an SVG',
      imageFile(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script></svg>'),
        'drawing.svg',
        'image/svg+xml',
      ),
    ],
    ['a zero-byte file', imageFile(Buffer.alloc(0), 'empty.png', 'image/png')],
    ['a decompression bomb (PNG claiming 50,000 x 50,000 px)', imageFile(bombPng(), 'bomb.png', 'image/png')],
    ['HTML sent as image/png', imageFile(Buffer.from('<html><body>hi</body></html>'), 'page.png', 'image/png')],
  ])('%s → 400 with the image message', async (_name, file) => {
    const response = await upload(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ image: [UPLOAD_MESSAGES.invalidImage] });
    expect(storedFiles()).toEqual([]);
    expect(await t.db.select().from(posts)).toHaveLength(0);
  });

  it('a file over 10 MB → 413 file_too_large', async () => {
    const response = await upload(imageFile(Buffer.alloc(LIMITS.uploadMaxBytes + 1024, 1), 'huge.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: UPLOAD_MESSAGES.fileTooLarge, code: 'file_too_large' });
    expect(await t.db.select().from(posts)).toHaveLength(0);
  });

  it('the same rules hold for profile images', async () => {
    const svg = imageFile(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg', 'image/svg+xml');
    const response = await upload(svg, '/social/user-profiles/update-me/', 'PUT');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ image: [UPLOAD_MESSAGES.invalidImage] });
    const huge = await upload(imageFile(Buffer.alloc(LIMITS.uploadMaxBytes + 1, 1)), '/social/profiles/update-me/', 'PUT');
    expect(huge.statusCode).toBe(413);
  });

  it('a malformed multipart body is a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/social/posts/',
      payload: '--xyz\r\nContent-Disposition: form-data; name="caption"\r\n\r\nunterminated',
      headers: { ...headers, 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('image decoding is bounded', () => {
  it('decodes a few images at a time, queues a few more and answers 503 busy with Retry-After beyond', async () => {
    // Each takes a while to decode, so the later uploads arrive while the first still decode.
    const image = imageFile(await sampleImage(3_000, 3_000, 'png'));
    const count = DECODE_LANES * 4 + 3;
    const responses = await Promise.all(Array.from({ length: count }, () => upload(image)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    // DECODE_LANES decoding and 3 x DECODE_LANES waiting are accepted; the rest are refused.
    expect(statuses.filter((status) => status === 201)).toHaveLength(DECODE_LANES * 4);
    for (const refused of responses.filter((response) => response.statusCode === 503)) {
      expect(refused.json()).toEqual({ detail: expect.any(String), code: 'busy' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Room again once the queue has drained.
    expect((await upload(image)).statusCode).toBe(201);
  });
});

/** Places in the decoding queue: DECODE_LANES decoding and 3 per lane waiting. */
const PLACES = DECODE_LANES * 4;
/** A 9 MB upload: refused unread, it must not cost the server its 9 MB. */
const BIG_BODY = multipartBody({ caption: 'Too late' }, [imageFile(Buffer.alloc(9 * 1024 * 1024, 7))]);
/** Read before the refusal at most: what the stream buffers ahead (a chunk or two of 64 KB). */
const UNREAD = 256 * 1024;

function streamedUpload(body: StreamedBody, contentType: string, url = '/social/posts/') {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.stream,
    headers: { ...headers, 'content-type': contentType, 'content-length': String(body.length) },
  });
}

describe('a full decoding queue refuses uploads before reading them', () => {
  it('answers 503 busy with Retry-After without reading the body when every place decodes or waits', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const blockers = Array.from({ length: PLACES }, () => imageDecoding(() => gate));
    const postsBefore = (await t.db.select().from(posts)).length;
    try {
      const body = streamedBody(BIG_BODY.payload);
      const response = await streamedUpload(body, BIG_BODY.headers['content-type']);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: expect.any(String), code: 'busy' });
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(body.bytesRead()).toBeLessThan(UNREAD);
      expect(await t.db.select().from(posts)).toHaveLength(postsBefore);
    } finally {
      open();
      await Promise.all(blockers);
    }
    expect((await upload(imageFile(await sampleImage(20, 20)))).statusCode).toBe(201);
  });

  it('counts uploads whose bodies are still arriving: one more is refused unread, they all succeed', async () => {
    const image = multipartBody({ caption: 'Slowly' }, [imageFile(await sampleImage(200, 200))]);
    const arriving = Array.from({ length: PLACES }, () => streamedBody(image.payload, image.payload.length >> 1));
    const pending = arriving.map((body) => streamedUpload(body, image.headers['content-type']));
    // Each has passed authentication and holds a place once its body is being read.
    await vi.waitFor(() => expect(arriving.every((body) => body.bytesRead() > 0)).toBe(true));

    const extra = streamedBody(BIG_BODY.payload);
    const refused = await streamedUpload(extra, BIG_BODY.headers['content-type']);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ detail: expect.any(String), code: 'busy' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(extra.bytesRead()).toBeLessThan(UNREAD);

    for (const body of arriving) body.release();
    expect((await Promise.all(pending)).map((response) => response.statusCode)).toEqual(Array(PLACES).fill(201));
    // Answered uploads give their places back.
    imageDecoding.reserve()();
  });

  it('a body still arriving after the deadline gives its place up', async () => {
    const form = multipartBody({}, [imageFile(Buffer.from('bytes'))]);
    const type = form.headers['content-type'];
    const trickling = Array.from({ length: PLACES }, () => streamedBody(form.payload, 10));
    const pending = trickling.map((body) => streamedUpload(body, type, DEADLINE_ROUTE));
    await vi.waitFor(() => expect(trickling.every((body) => body.bytesRead() > 0)).toBe(true));
    expect((await streamedUpload(streamedBody(form.payload), type, DEADLINE_ROUTE)).statusCode).toBe(503);

    await new Promise((resolve) => setTimeout(resolve, 150));
    const late = await streamedUpload(streamedBody(form.payload), type, DEADLINE_ROUTE);
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ files: 1 });
    for (const body of trickling) body.release();
    expect((await Promise.all(pending)).map((response) => response.statusCode)).toEqual(Array(PLACES).fill(200));
  });
});
