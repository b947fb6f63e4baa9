// Where a backup takes media from and a restore puts them back (decision record 033). Today the
// local store, DATA_DIR/media; an object store plugs in as another MediaSource (see STORAGE=s3).
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fail } from './data-dir.ts';

export const MEDIA_ENTRY = 'media';

export interface MediaSource {
  readonly name: string;
  /** Makes the media available to tar as a top-level `media/`: tar's arguments and how many files. */
  stage(stagingDir: string): Promise<{ tarArgs: string[]; files: number }>;
  /** Why restoring would overwrite media already there, or null. */
  occupied(): string | null;
  /** Takes an unpacked archive's `media/` into the store; media already there are kept aside. */
  restore(unpackedMedia: string, stamp: string): Promise<number>;
}

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
    occupied: () => (countFiles(mediaDir) > 0 ? `${mediaDir} holds media` : null),
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
  const storage = env.STORAGE ?? 'local';
  if (storage === 'local') return localMediaSource(dataDir);
  return fail(`STORAGE=${storage}: this backup knows only the local media store (DATA_DIR/media) so far.`);
}
