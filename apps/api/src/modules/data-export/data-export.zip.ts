import { Readable } from 'node:stream';
import { ZipArchive, type Archiver } from 'archiver';
import type { Executor } from '../../db/client';
import type { ExportFiles, MediaStorage } from '../../lib/storage/index';
import { EXPORT_SECTIONS, exportedMediaPath, mediaKeysToExport } from './data-export.sections';

/** A JSON array written row by row: never the whole list in memory. */
async function* jsonArray(rows: AsyncIterable<unknown>): AsyncIterable<string> {
  yield '[';
  let first = true;
  for await (const row of rows) {
    yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

/**
 * Appends one entry and waits until the archive has written it, so only one source is open at a
 * time (one page of rows, or one media file's stream).
 */
function appendEntry(archive: Archiver, source: Readable | string, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = () => {
      archive.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      archive.off('entry', onEntry);
      reject(error);
    };
    archive.once('entry', onEntry);
    archive.once('error', onError);
    archive.append(source, { name });
  });
}

async function fillArchive(archive: Archiver, db: Executor, media: MediaStorage, userId: number): Promise<void> {
  for (const section of EXPORT_SECTIONS) {
    const source =
      section.kind === 'object'
        ? `${JSON.stringify(await section.collect(db, userId), null, 2)}\n`
        : Readable.from(jsonArray(section.collect(db, userId)));
    await appendEntry(archive, source, section.file);
  }
  for await (const key of mediaKeysToExport(db, userId)) {
    const stream = await media.open(key);
    const name = exportedMediaPath(key);
    // A file missing from storage (removed by hand, never uploaded) leaves no entry.
    if (stream && name) await appendEntry(archive, stream, name);
  }
  await archive.finalize();
}

/**
 * Streams the person's zip (EXPORT_SECTIONS, then their media under media/) into `files` under
 * `key` and answers its size. Rows are read a page at a time and media streamed from storage:
 * memory stays flat whatever the size of the account.
 */
export async function writeExportZip(db: Executor, media: MediaStorage, files: ExportFiles, userId: number, key: string): Promise<number> {
  // Already compressed media (WebP) gains nothing from level 9; JSON compresses well at 6.
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = files.write(key, archive);
  const filled = fillArchive(archive, db, media, userId).catch((error: unknown) => {
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  const [size] = await Promise.all([written, filled]);
  return size;
}
