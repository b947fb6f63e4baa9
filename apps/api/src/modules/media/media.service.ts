import type { Executor } from '../../db/client';
import type { MediaStorage } from '../../lib/storage/index';
import { findMediaReferences, mediaKeysOfPerson } from './media.repository';

export { mediaKeysOfPerson };

/**
 * Brings the files of `keys` in line with what still refers to them, after a deletion committed:
 * still shown somewhere (keys are content-addressed, so two posts may share one) → kept; only a
 * moderated post refers to it → withheld (404, bytes kept aside for an appeal); nothing → removed.
 */
export async function releaseMedia(db: Executor, storage: MediaStorage, keys: readonly (string | null)[]): Promise<void> {
  const wanted = [...new Set(keys.filter((key): key is string => typeof key === 'string' && key !== ''))];
  const references = await findMediaReferences(db, wanted);
  for (const key of wanted) {
    const refs = references.get(key);
    if (refs?.live) continue;
    if (refs?.restorable) await storage.withhold(key);
    else await storage.remove(key);
  }
}
