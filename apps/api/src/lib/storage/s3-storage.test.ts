import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, unreachableBucket, type TestBucket } from '../../test/s3-test-server';
import { S3Bucket, S3ExportFiles, S3MediaStorage } from './index';

let server: TestBucket;
beforeAll(async () => {
  server = await startTestBucket();
});
afterAll(() => server.close());

async function keysOf(bucket: S3Bucket): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of bucket.list('')) keys.push(object.key);
  return keys.sort();
}

describe('S3MediaStorage', () => {
  it('puts, opens, withholds, reinstates and removes under media/ and withheld/', async () => {
    const storage = new S3MediaStorage(server.storage);
    await storage.put('posts/abc.webp', Buffer.from('bytes'), 'image/webp');
    expect(storage.url('posts/abc.webp')).toBe('/media/posts/abc.webp');
    expect(await text((await storage.open('posts/abc.webp'))!)).toBe('bytes');
    expect(await keysOf(storage.bucket)).toContain('media/posts/abc.webp');

    await storage.withhold('posts/abc.webp');
    expect(await storage.open('posts/abc.webp')).toBeNull();
    expect(await keysOf(storage.bucket)).toContain('withheld/posts/abc.webp');
    await storage.reinstate('posts/abc.webp');
    expect(await text((await storage.open('posts/abc.webp'))!)).toBe('bytes');

    await storage.withhold('posts/abc.webp');
    await storage.remove('posts/abc.webp');
    expect((await keysOf(storage.bucket)).filter((key) => key.includes('abc'))).toEqual([]);
    // Nothing there: no error.
    await storage.remove('posts/abc.webp');
    await storage.withhold('posts/never.webp');
    await storage.reinstate('posts/never.webp');
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe media key/);
  });
});

describe('S3ExportFiles', () => {
  it('streams a file in, reads it back with its size, presigns it and removes it', async () => {
    const files = new S3ExportFiles(server.storage);
    const size = await files.write('7/export-1.zip', Readable.from([Buffer.from('zip-'), Buffer.from('bytes')]));
    expect(size).toBe(9);
    const file = await files.open('7/export-1.zip');
    expect([file?.size, await text(file!.stream)]).toEqual([9, 'zip-bytes']);

    const url = await files.downloadUrl('7/export-1.zip', 60, 'AlumLink-data-2026-01-01.zip', new Date());
    const answer = await fetch(url);
    expect([answer.status, answer.headers.get('content-disposition'), await answer.text()]).toEqual([
      200,
      'attachment; filename="AlumLink-data-2026-01-01.zip"',
      'zip-bytes',
    ]);

    await files.remove('7/export-1.zip');
    expect(await files.open('7/export-1.zip')).toBeNull();
  });

  it('leaves nothing behind when the source stream fails half-way', async () => {
    const files = new S3ExportFiles(server.storage);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('zip failed'));
      },
    });
    await expect(files.write('7/broken.zip', failing)).rejects.toThrow();
    expect(await files.open('7/broken.zip')).toBeNull();
  });
});

describe('an unreachable bucket', () => {
  it('is a 503 storage_unavailable, quickly', async () => {
    const storage = new S3MediaStorage(unreachableBucket());
    const started = Date.now();
    await expect(storage.put('posts/x.webp', Buffer.from('x'), 'image/webp')).rejects.toMatchObject({
      status: 503,
      code: 'storage_unavailable',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
