// scripts/backup.ts and scripts/restore.ts with STORAGE=s3 (issue #41, decision record 033): the
// bucket's media/ and withheld/ objects go into the archive with the (embedded) database and come
// back into another, empty bucket with the same keys and bytes; a bucket holding media is refused.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteDirectory } from '../db/client';
import { S3Bucket } from '../lib/storage/index';
import { startTestBucket, type TestBucket } from '../test/s3-test-server';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let workDir: string;
let source: TestBucket;
let target: TestBucket;

/** Run asynchronously: s3rver answers from this process, so a spawnSync would wait on itself. */
function runScript(
  script: 'backup' | 'restore',
  dataDir: string,
  bucket: TestBucket,
  args: string[] = [],
): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, `scripts/${script}.ts`), ...args],
      {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          INIT_CWD: REPO_ROOT,
          DATABASE_URL: '',
          STORAGE: 's3',
          S3_BUCKET: bucket.storage.bucket,
          S3_ENDPOINT: bucket.endpoint,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** Every object of the bucket: key → bytes. */
async function objectsOf(bucket: S3Bucket): Promise<Record<string, string>> {
  const objects: Record<string, string> = {};
  for await (const { key } of bucket.list('')) objects[key] = (await buffer((await bucket.get(key))!.stream)).toString('base64');
  return objects;
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'alumlink-s3-backup-'));
  source = await startTestBucket('alumlink-source');
  target = await startTestBucket('alumlink-target');
  const connection = await openPgliteDirectory(path.join(workDir, 'data'));
  await connection.close();
  const bucket = new S3Bucket(source.storage);
  await bucket.upload('media/posts/photo.webp', Buffer.from([0, 1, 2, 255, 254]), 'image/webp');
  await bucket.upload('withheld/avatars/face.webp', Buffer.from('a withheld face'), 'image/webp');
  await bucket.upload('exports/old.zip', Buffer.from('short-lived'), 'application/zip');
}, 60_000);

afterAll(async () => {
  await source?.close();
  await target?.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('npm run backup / restore with STORAGE=s3', () => {
  it('archives the bucket media with the database and restores them into an empty bucket, refusing a non-empty one', async () => {
    const backup = await runScript('backup', path.join(workDir, 'data'), source, ['--out', path.join(workDir, 'backups')]);
    expect(backup.status, backup.output).toBe(0);
    const [archiveName] = readdirSync(path.join(workDir, 'backups'));
    const archive = path.join(workDir, 'backups', archiveName ?? '');
    const listing = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8' }).stdout.split('\n');
    // The local store's layout: withheld files under media/.withheld/; exports are left out.
    expect(listing).toEqual(expect.arrayContaining(['media/posts/photo.webp', 'media/.withheld/avatars/face.webp']));
    expect(listing.some((entry) => entry.startsWith('pgdata/'))).toBe(true);
    expect(listing.some((entry) => entry.includes('old.zip'))).toBe(false);

    const fresh = path.join(workDir, 'fresh');
    const restored = await runScript('restore', fresh, target, [archive]);
    expect(restored.status, restored.output).toBe(0);
    const expected = await objectsOf(new S3Bucket(source.storage));
    delete expected['exports/old.zip'];
    expect(await objectsOf(new S3Bucket(target.storage))).toEqual(expected);
    expect(Object.keys(expected).sort()).toEqual(['media/posts/photo.webp', 'withheld/avatars/face.webp']);
    expect(readdirSync(fresh)).toContain('pgdata');
    expect(readdirSync(fresh)).not.toContain('media');

    const refused = await runScript('restore', path.join(workDir, 'another'), target, [archive]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('holds media');
    const forced = await runScript('restore', path.join(workDir, 'another'), target, [archive, '--force']);
    expect(forced.status, forced.output).toBe(0);
    expect(await objectsOf(new S3Bucket(target.storage))).toEqual(expected);
  }, 180_000);
});
