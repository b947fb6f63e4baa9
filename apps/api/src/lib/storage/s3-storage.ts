import { Transform, type Readable } from 'node:stream';
import type { S3StorageConfig } from '../../config';
import { mediaUrl } from '../media';
import type { ExportFiles } from './export-files';
import { assertSafeKey, type MediaStorage } from './media-storage';
import { S3Bucket } from './s3-bucket';

/**
 * The bucket's layout: served media under media/ (MEDIA_PUBLIC_URL points a CDN at it), withheld
 * media under withheld/ (never served), data exports under exports/ (only through presigned URLs).
 * The same relative keys as DATA_DIR/media, DATA_DIR/media/.withheld and DATA_DIR/exports.
 */
export const BUCKET_PREFIXES = { media: 'media/', withheld: 'withheld/', exports: 'exports/' } as const;

/** Media in an S3-compatible bucket; URLs stay /media/<key> (plugins/s3-media-route.ts serves or redirects them). */
export class S3MediaStorage implements MediaStorage {
  readonly bucket: S3Bucket;

  constructor(config: S3StorageConfig) {
    this.bucket = new S3Bucket(config);
  }

  private served(key: string): string {
    assertSafeKey(key);
    return BUCKET_PREFIXES.media + key;
  }

  private withheld(key: string): string {
    assertSafeKey(key);
    return BUCKET_PREFIXES.withheld + key;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.bucket.upload(this.served(key), bytes, contentType);
  }

  async open(key: string): Promise<Readable | null> {
    return (await this.bucket.get(this.served(key)))?.stream ?? null;
  }

  async openAny(key: string): Promise<Readable | null> {
    return (await this.open(key)) ?? (await this.bucket.get(this.withheld(key)))?.stream ?? null;
  }

  url(key: string): string {
    return mediaUrl(key) ?? '';
  }

  async remove(key: string): Promise<void> {
    await this.bucket.delete(this.served(key));
    await this.bucket.delete(this.withheld(key));
  }

  async withhold(key: string): Promise<void> {
    await this.bucket.move(this.served(key), this.withheld(key));
  }

  async reinstate(key: string): Promise<void> {
    await this.bucket.move(this.withheld(key), this.served(key));
  }
}

/** Counts the bytes passing through. */
function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

/** Data exports in the bucket under exports/, downloaded by their owner through a presigned URL. */
export class S3ExportFiles implements ExportFiles {
  readonly bucket: S3Bucket;

  constructor(config: S3StorageConfig) {
    this.bucket = new S3Bucket(config);
  }

  private objectOf(key: string): string {
    assertSafeKey(key);
    return BUCKET_PREFIXES.exports + key;
  }

  async write(key: string, source: Readable): Promise<number> {
    const object = this.objectOf(key);
    const counter = byteCounter();
    source.on('error', (error) => counter.destroy(error));
    // Streamed: the zip is never held whole in memory; the object appears only once complete.
    await this.bucket.upload(object, source.pipe(counter), 'application/zip');
    return counter.bytes;
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | null> {
    const object = await this.bucket.get(this.objectOf(key));
    return object ? { stream: object.stream, size: object.size } : null;
  }

  async remove(key: string): Promise<void> {
    await this.bucket.delete(this.objectOf(key));
  }

  downloadUrl(key: string, seconds: number, filename: string, signedAt: Date): Promise<string> {
    return this.bucket.presignedGet(this.objectOf(key), seconds, filename, signedAt);
  }
}
