import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { mediaUrl } from '../media';
import { assertSafeKey, type MediaStorage } from './media-storage';

/**
 * Folder under the media root that holds withheld files. Never served: static-files refuses any
 * path with a dot segment, and no key can start with a dot. Inside the root, so a backup or a copy
 * of DATA_DIR/media keeps them.
 */
export const WITHHELD_DIR = '.withheld';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** A read stream of the file, or null when it does not exist (opened first, so a missing file is not a stream error). */
export async function openFile(file: string): Promise<Readable | null> {
  try {
    const handle = await open(file, 'r');
    return handle.createReadStream();
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** Media under a local directory (DATA_DIR/media), served by app.ts at /media/. */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private served(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  private withheld(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, WITHHELD_DIR, key);
  }

  /** Renames `from` to `to` (same file system: atomic); false when `from` does not exist. */
  private async move(from: string, to: string): Promise<boolean> {
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await rename(from, to);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  /** The content type is implied by the key's extension when served from disk. */
  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    assertSafeKey(key);
    const target = path.join(this.root, key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, target);
  }

  async open(key: string): Promise<Readable | null> {
    return openFile(this.served(key));
  }

  async openAny(key: string): Promise<Readable | null> {
    return (await openFile(this.served(key))) ?? openFile(this.withheld(key));
  }

  url(key: string): string {
    return mediaUrl(key) ?? '';
  }

  async remove(key: string): Promise<void> {
    await rm(this.served(key), { force: true });
    await rm(this.withheld(key), { force: true });
  }

  async withhold(key: string): Promise<void> {
    await this.move(this.served(key), this.withheld(key));
  }

  async reinstate(key: string): Promise<void> {
    await this.move(this.withheld(key), this.served(key));
  }
}
