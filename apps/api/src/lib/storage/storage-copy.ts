import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { WITHHELD_DIR } from './local-media-storage';
import { assertSafeKey, mediaContentType } from './media-storage';
import type { S3Bucket } from './s3-bucket';
import { BUCKET_PREFIXES } from './s3-storage';

export type CopyReport = {
  /** Objects uploaded (absent from the bucket, or there with another size). */
  copied: number;
  /** Files already in the bucket with the same size. */
  skipped: number;
  /** Files that are not the store's (half-written `.partial` files, names the app never makes). */
  ignored: number;
  /** Bytes uploaded. */
  bytes: number;
};

/** Every file under `dir`, as paths relative to it with `/` separators; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

function isStoreKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The local files and where each goes in the bucket (DATA_DIR/media/.withheld → withheld/). */
async function plan(mediaDir: string, exportsDir: string): Promise<{ file: string; object: string | null; type: string }[]> {
  const items: { file: string; object: string | null; type: string }[] = [];
  for (const relative of await filesUnder(mediaDir)) {
    const withheld = relative.startsWith(`${WITHHELD_DIR}/`);
    const key = withheld ? relative.slice(WITHHELD_DIR.length + 1) : relative;
    const prefix = withheld ? BUCKET_PREFIXES.withheld : BUCKET_PREFIXES.media;
    items.push({ file: path.join(mediaDir, relative), object: isStoreKey(key) ? prefix + key : null, type: mediaContentType(key) });
  }
  for (const key of await filesUnder(exportsDir)) {
    items.push({
      file: path.join(exportsDir, key),
      object: isStoreKey(key) ? BUCKET_PREFIXES.exports + key : null,
      type: 'application/zip',
    });
  }
  return items;
}

/**
 * `npm run storage:copy`: copies a local store (DATA_DIR/media, its withheld files, DATA_DIR/exports)
 * into the bucket under the same keys. Idempotent: an object already there with the same size is
 * skipped (keys are content-addressed or unique, so same size means same file), so it can run again
 * after an interruption, or once more just before switching STORAGE to s3.
 */
export async function copyLocalStore(dirs: { mediaDir: string; exportsDir: string }, bucket: S3Bucket): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, ignored: 0, bytes: 0 };
  for (const item of await plan(dirs.mediaDir, dirs.exportsDir)) {
    if (!item.object) {
      report.ignored += 1;
      continue;
    }
    const { size } = await stat(item.file);
    if ((await bucket.sizeOf(item.object)) === size) {
      report.skipped += 1;
      continue;
    }
    await bucket.upload(item.object, createReadStream(item.file), item.type);
    report.copied += 1;
    report.bytes += size;
  }
  return report;
}
