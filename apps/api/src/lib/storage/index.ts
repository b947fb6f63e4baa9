import path from 'node:path';
import type { AppConfig } from '../../config';
import { LocalMediaStorage } from './local-media-storage';
import type { MediaStorage } from './media-storage';
import { LocalExportFiles, type ExportFiles } from './export-files';
import { S3ExportFiles, S3MediaStorage } from './s3-storage';

export { LocalMediaStorage } from './local-media-storage';
export { assertSafeKey, mediaContentType, type MediaStorage } from './media-storage';
export { copyLocalStore, type CopyReport } from './storage-copy';
export { S3Bucket, storageUnavailable, type BucketObject } from './s3-bucket';
export { BUCKET_PREFIXES, S3ExportFiles, S3MediaStorage } from './s3-storage';

/** The media storage of a configuration: DATA_DIR/media, or the bucket's media/ with STORAGE=s3. */
export function mediaStorageFor(config: Pick<AppConfig, 'mediaDir' | 'storage'>): MediaStorage {
  return config.storage.kind === 's3' ? new S3MediaStorage(config.storage) : new LocalMediaStorage(config.mediaDir);
}

export type { ExportFiles } from './export-files';

/** Where data exports are kept: DATA_DIR/exports or the bucket's exports/ (never served as static files). */
export function exportFilesFor(config: Pick<AppConfig, 'dataDir' | 'storage'>): ExportFiles {
  return config.storage.kind === 's3' ? new S3ExportFiles(config.storage) : new LocalExportFiles(path.join(config.dataDir, 'exports'));
}
