// The media of STORAGE=s3 for backups (decision record 033): the bucket's media/ and withheld/
// objects, staged as the archive's media/ exactly as the local store lays them out (withheld
// files under media/.withheld/), so an archive restores into either store. exports/ is left out:
// data exports are short-lived downloads (a member asks again), not data to keep.
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { S3StorageConfig } from '../../apps/api/src/config/storage.ts';
import { WITHHELD_DIR } from '../../apps/api/src/lib/storage/local-media-storage.ts';
import { assertSafeKey, mediaContentType } from '../../apps/api/src/lib/storage/media-storage.ts';
import { S3Bucket } from '../../apps/api/src/lib/storage/s3-bucket.ts';
import { BUCKET_PREFIXES } from '../../apps/api/src/lib/storage/s3-storage.ts';
import { MEDIA_ENTRY, type MediaSource } from './media-source.ts';

/** The bucket prefixes a backup keeps, and where each goes under the archive's media/. */
const KEPT = [
  { prefix: BUCKET_PREFIXES.media, folder: '' },
  { prefix: BUCKET_PREFIXES.withheld, folder: `${WITHHELD_DIR}/` },
] as const;

function isStoreKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** Every file under `dir`, relative with `/` separators. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** The bucket of STORAGE=s3: objects are downloaded for a backup and uploaded (streamed) on restore. */
export function s3MediaSource(config: S3StorageConfig): MediaSource {
  const bucket = new S3Bucket(config);
  return {
    name: 's3',
    stage: async (stagingDir) => {
      const mediaDir = join(stagingDir, MEDIA_ENTRY);
      mkdirSync(mediaDir);
      let files = 0;
      for (const { prefix, folder } of KEPT) {
        for await (const object of bucket.list(prefix)) {
          const key = object.key.slice(prefix.length);
          // Only keys the app makes: never a path outside the staging directory.
          if (!isStoreKey(key)) continue;
          const found = await bucket.get(object.key);
          if (!found) continue; // deleted since it was listed
          const target = join(mediaDir, folder + key);
          mkdirSync(dirname(target), { recursive: true });
          await pipeline(found.stream, createWriteStream(target));
          files += 1;
        }
      }
      return { tarArgs: ['-C', stagingDir, MEDIA_ENTRY], files };
    },
    occupied: async () => {
      for (const { prefix } of KEPT) {
        for await (const object of bucket.list(prefix)) return `the bucket ${bucket.name} holds media (${object.key})`;
      }
      return null;
    },
    // S3 has no rename of a whole prefix: with --force, objects of the archive's keys are
    // overwritten and other objects already in the bucket stay where they are.
    restore: async (unpackedMedia) => {
      let files = 0;
      for (const path of filesUnder(unpackedMedia)) {
        const withheld = path.startsWith(`${WITHHELD_DIR}/`);
        const key = withheld ? path.slice(WITHHELD_DIR.length + 1) : path;
        if (!isStoreKey(key)) continue;
        const prefix = withheld ? BUCKET_PREFIXES.withheld : BUCKET_PREFIXES.media;
        await bucket.upload(prefix + key, createReadStream(join(unpackedMedia, path)), mediaContentType(key));
        files += 1;
      }
      return files;
    },
  };
}
