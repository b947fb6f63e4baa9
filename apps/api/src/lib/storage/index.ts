import type { AppConfig } from '../../config';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage';

export { LocalMediaStorage } from './local-media-storage';
export { assertSafeKey, type MediaStorage } from './media-storage';

/** The media storage of a configuration (local DATA_DIR/media today; an S3 store could slot in here). */
export function mediaStorageFor(config: Pick<AppConfig, 'mediaDir'>): MediaStorage {
  return new LocalMediaStorage(config.mediaDir);
}
