import S3rver from 's3rver';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3StorageConfig } from '../config';

export type TestBucket = {
  /** STORAGE=s3 configuration pointing at this server's bucket (path style, its fixed test keys). */
  storage: S3StorageConfig;
  endpoint: string;
  /** Stops the server and removes its directory. */
  close(): Promise<void>;
};

/** Test keys s3rver accepts (it checks signatures made with them). */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server (s3rver, in this process) on a random loopback port, storing in a fresh
 * temporary directory, with the bucket already made.
 */
export async function startTestBucket(bucket = 'alumlink-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'alumlink-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    storage: Object.freeze({
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      credentials: S3RVER_CREDENTIALS,
      forcePathStyle: true,
      mediaPublicUrl: null,
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A configuration of a bucket nobody answers for (a closed loopback port): every call fails fast. */
export function unreachableBucket(): S3StorageConfig {
  return Object.freeze({
    kind: 's3',
    bucket: 'alumlink-gone',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
    mediaPublicUrl: null,
  });
}
