import path from 'node:path';
import type { AppConfig } from '../../config';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage';
import { LocalExportFiles, type ExportFiles } from './export-files';

export { LocalMediaStorage } from './local-media-storage';
export { assertSafeKey, type MediaStorage } from './media-storage';

/** The media storage of a configuration (local DATA_DIR/media today; an S3 store could slot in here). */
export function mediaStorageFor(config: Pick<AppConfig, 'mediaDir'>): MediaStorage {
  return new LocalMediaStorage(config.mediaDir);
}

export type { ExportFiles } from './export-files';

/** Where data exports are kept: DATA_DIR/exports (not served; downloads go through the API). */
export function exportFilesFor(config: Pick<AppConfig, 'dataDir'>): ExportFiles {
  return new LocalExportFiles(path.join(config.dataDir, 'exports'));
}
