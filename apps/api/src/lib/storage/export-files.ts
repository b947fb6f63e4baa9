import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openFile } from './local-media-storage';
import { assertSafeKey } from './media-storage';

/**
 * Private files (data exports): written from a stream, read back as a stream, never served as
 * static files (the directory is DATA_DIR/exports, outside the media root). One small interface
 * like MediaStorage, so an S3-compatible store can slot in.
 */
export interface ExportFiles {
  /** Streams `source` into `key` (visible only once complete); answers the bytes written. */
  write(key: string, source: Readable): Promise<number>;
  /** The file as a stream with its size, or null when it is gone. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes the file; nothing when there is none. */
  remove(key: string): Promise<void>;
  /**
   * A URL the browser downloads the file from directly, valid `seconds` from `signedAt` (an S3
   * presigned URL); absent for local files, which the API's one-time ticket route serves.
   */
  downloadUrl?(key: string, seconds: number, filename: string, signedAt: Date): Promise<string>;
}

export class LocalExportFiles implements ExportFiles {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async write(key: string, source: Readable): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader (or a restart) never sees a half-written zip.
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(source, createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await stat(target)).size;
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(key);
    const stream = await openFile(file);
    if (!stream) return null;
    return { stream, size: (await stat(file)).size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
