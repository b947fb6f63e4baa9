// `npm run storage:copy`: copies DATA_DIR/media and DATA_DIR/exports into the S3 bucket configured
// with STORAGE=s3 and S3_* (README "Object storage"); run it again any time, it skips what is there.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { copyLocalStore, S3Bucket } from '../lib/storage/index';

async function main(): Promise<number> {
  const config = loadConfig(process.env);
  if (config.storage.kind !== 's3') {
    console.error('storage:copy needs STORAGE=s3 and the S3_* variables of the bucket to copy into (README "Object storage").');
    return 1;
  }
  const exportsDir = path.join(config.dataDir, 'exports');
  console.log(`Copying ${config.mediaDir} and ${exportsDir} into s3://${config.storage.bucket} ...`);
  const report = await copyLocalStore({ mediaDir: config.mediaDir, exportsDir }, new S3Bucket(config.storage));
  console.log(
    `Copied ${report.copied} (${(report.bytes / 1024 / 1024).toFixed(1)} MB), skipped ${report.skipped} already there, ignored ${report.ignored} not of the store.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if ((error as { code?: string }).code === 'storage_unavailable') {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? 'no answer';
      console.error(`The bucket did not answer (${cause}). Run it again: what was copied is skipped.`);
    } else {
      console.error(error instanceof ConfigError ? error.message : error);
    }
    process.exit(1);
  },
);
