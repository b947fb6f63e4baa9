import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, unreachableBucket, type TestBucket } from '../../test/s3-test-server';
import { loadConfig } from '../../config';
import { copyLocalStore, S3Bucket, S3ExportFiles, S3MediaStorage } from './index';

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

describe('a bucket configured from the environment', () => {
  it('works with the frozen configuration loadConfig makes (the SDK must not write into it)', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      STORAGE: 's3',
      S3_BUCKET: server.storage.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toMatchObject({ kind: 's3', region: 'us-east-1', forcePathStyle: true, mediaPublicUrl: null });
    if (config.storage.kind !== 's3') throw new Error('not s3');
    expect(await new S3Bucket(config.storage).sizeOf('media/none.webp')).toBeNull();
  });

  it('names what is missing', () => {
    const env = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32), STORAGE: 's3' } as const;
    expect(() => loadConfig(env)).toThrow('S3_BUCKET is required when STORAGE=s3');
    expect(() => loadConfig({ ...env, S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ ...env, STORAGE: 'ftp' })).toThrow('STORAGE must be local or s3');
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) }).storage).toEqual({ kind: 'local' });
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

describe('copyLocalStore (npm run storage:copy)', () => {
  it('copies media, withheld media and exports under their prefixes; a second run skips them all', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'alumlink-copy-'));
    const write = (relative: string, bytes: string) => {
      mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      writeFileSync(path.join(root, relative), bytes);
    };
    write('media/posts/a1.webp', 'aaaa');
    write('media/avatars/b2.webp', 'bb');
    write('media/.withheld/posts/c3.webp', 'ccc');
    write('media/posts/a1.webp.1234.partial', 'half');
    write('exports/9/export-9.zip', 'zip');
    const dirs = { mediaDir: path.join(root, 'media'), exportsDir: path.join(root, 'exports') };
    const bucket = new S3Bucket({ ...server.storage, bucket: 'alumlink-copy' });
    await bucket.client.send(new CreateBucketCommand({ Bucket: 'alumlink-copy' }));
    try {
      expect(await copyLocalStore(dirs, bucket)).toEqual({ copied: 4, skipped: 0, ignored: 1, bytes: 12 });
      expect(await keysOf(bucket)).toEqual([
        'exports/9/export-9.zip',
        'media/avatars/b2.webp',
        'media/posts/a1.webp',
        'withheld/posts/c3.webp',
      ]);
      const served = await bucket.get('media/posts/a1.webp');
      expect([served?.contentType, await text(served!.stream)]).toEqual(['image/webp', 'aaaa']);

      expect(await copyLocalStore(dirs, bucket)).toEqual({ copied: 0, skipped: 4, ignored: 1, bytes: 0 });
      // A file whose object has another size (an interrupted copy) is copied again.
      write('exports/9/export-9.zip', 'zip-longer');
      expect(await copyLocalStore(dirs, bucket)).toEqual({ copied: 1, skipped: 3, ignored: 1, bytes: 10 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
