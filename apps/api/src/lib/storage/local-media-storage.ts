import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaUrl } from '../media';
import { assertSafeKey, type MediaStorage } from './media-storage';

/** Media under a local directory (DATA_DIR/media), served by app.ts at /media/. */
export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

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

  url(key: string): string {
    return mediaUrl(key) ?? '';
  }
}
