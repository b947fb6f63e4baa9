// Where a backup takes media from and a restore puts them back (decision record 033): the local
// store, DATA_DIR/media, or the bucket of STORAGE=s3 (s3-media-source.ts).
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { describeFirstIssue, withoutBlanks } from '../../apps/api/src/config/env-schema.ts';
import { storageConfigOf, storageEnvShape } from '../../apps/api/src/config/storage.ts';
import { fail } from './data-dir.ts';
import { MEDIA_ENTRY, type MediaSource } from './media-source.ts';
import { s3MediaSource } from './s3-media-source.ts';

export { MEDIA_ENTRY, type MediaSource } from './media-source.ts';

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** DATA_DIR/media, as LocalMediaStorage keeps it. */
export function localMediaSource(dataDir: string): MediaSource {
  const mediaDir = join(dataDir, MEDIA_ENTRY);
  return {
    name: 'local',
    stage: async (stagingDir) => {
      if (existsSync(mediaDir)) return { tarArgs: ['-C', dataDir, MEDIA_ENTRY], files: countFiles(mediaDir) };
      mkdirSync(join(stagingDir, MEDIA_ENTRY));
      return { tarArgs: ['-C', stagingDir, MEDIA_ENTRY], files: 0 };
    },
    occupied: async () => (countFiles(mediaDir) > 0 ? `${mediaDir} holds media` : null),
    restore: async (unpackedMedia, stamp) => {
      if (existsSync(mediaDir)) {
        if (countFiles(mediaDir) > 0) renameSync(mediaDir, `${mediaDir}.before-restore-${stamp}`);
        else rmSync(mediaDir, { recursive: true });
      }
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(unpackedMedia)) {
        mkdirSync(mediaDir);
        return 0;
      }
      try {
        renameSync(unpackedMedia, mediaDir);
      } catch {
        cpSync(unpackedMedia, mediaDir, { recursive: true });
      }
      return countFiles(mediaDir);
    },
  };
}

/** The media source of the server's configuration (STORAGE). */
export function mediaSourceFor(env: NodeJS.ProcessEnv, dataDir: string): MediaSource {
  const vars = z.object(storageEnvShape).safeParse(withoutBlanks(env));
  if (!vars.success) return fail(`Invalid environment: ${describeFirstIssue(vars.error)}`);
  let storage: ReturnType<typeof storageConfigOf>;
  try {
    storage = storageConfigOf(vars.data);
  } catch (error) {
    return fail((error as Error).message);
  }
  return storage.kind === 's3' ? s3MediaSource(storage) : localMediaSource(dataDir);
}
