import type { AppContext } from '../../app-context';
import { findMediaReferences, mediaKeysOfPerson } from './media.repository';

export { mediaKeysOfPerson };

/**
 * Brings the files of `keys` in line with what still refers to them, after a deletion committed:
 * still shown somewhere (keys are content-addressed, so two posts may share one) → kept; only a
 * moderated post refers to it → withheld (404, bytes kept aside for an appeal); nothing → removed.
 */
export async function releaseMedia(ctx: AppContext, keys: readonly (string | null)[]): Promise<void> {
  const wanted = [...new Set(keys.filter((key): key is string => typeof key === 'string' && key !== ''))];
  const references = await findMediaReferences(ctx.db, wanted);
  for (const key of wanted) {
    const refs = references.get(key);
    if (refs?.live) continue;
    if (refs?.restorable) await ctx.storage.withhold(key);
    else await ctx.storage.remove(key);
  }
}
