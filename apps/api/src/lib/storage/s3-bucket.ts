import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { S3StorageConfig } from '../../config';
import { AppError } from '../errors';

/** 503 `storage_unavailable`: the bucket did not answer (or refused); nothing was stored, try again later. */
export function storageUnavailable(cause: unknown): AppError {
  const error = new AppError(
    503,
    'storage_unavailable',
    'File storage is unavailable right now. Nothing was saved; please try again in a moment.',
  );
  error.retryAfterSeconds = 30;
  error.cause = cause;
  return error;
}

/** An object of the bucket, as listed. */
export type BucketObject = { key: string; size: number };

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** Failures of the bucket or the way to it (S3's answers, sockets, DNS, timeouts), as opposed to bugs. */
function isStorageFailure(error: unknown): boolean {
  if (error instanceof S3ServiceException) return true;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) || name === 'TimeoutError' || name === 'AbortError';
}

const clients = new WeakMap<S3StorageConfig, S3Client>();

/** One client per configuration (its sockets are pooled and reused by every store of the app). */
export function s3ClientFor(config: S3StorageConfig): S3Client {
  let client = clients.get(config);
  if (!client) {
    client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      // A copy: the SDK marks the credentials it resolves, and the configuration is frozen.
      ...(config.credentials ? { credentials: { ...config.credentials } } : {}),
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: MinIO, R2, Ceph and older gateways reject or
      // mishandle the SDK's default CRC32 trailers on streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
      // An unreachable bucket fails in seconds (a 503 for the upload), not after the OS's TCP timeout.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 60_000 },
    });
    clients.set(config, client);
  }
  return client;
}

/**
 * The few operations the stores need on one bucket, with S3's "missing" answers as null/no-ops and
 * every other failure (unreachable, refused) as storageUnavailable.
 */
export class S3Bucket {
  readonly client: S3Client;
  readonly name: string;

  constructor(config: S3StorageConfig) {
    this.client = s3ClientFor(config);
    this.name = config.bucket;
  }

  private async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (isStorageFailure(error)) throw storageUnavailable(error);
      throw error;
    }
  }

  /**
   * Streams `body` into `key` (lib-storage: one PUT when small, a multipart upload in 5 MB parts
   * otherwise). The object exists only once complete; a failed multipart upload is aborted.
   */
  async upload(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    await this.guard(async () => {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.name, Key: key, Body: body, ContentType: contentType },
        leavePartsOnError: false,
      });
      await upload.done();
    });
  }

  /** The object as a stream with its size and type, or null when there is none. */
  async get(key: string): Promise<{ stream: Readable; size: number; contentType: string | null } | null> {
    return this.guard(async () => {
      try {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.name, Key: key }));
        return { stream: answer.Body as Readable, size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  /** The object's size, or null when there is none. */
  async sizeOf(key: string): Promise<number | null> {
    return this.guard(async () => {
      try {
        const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.name, Key: key }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    });
  }

  /** Deletes the object (deleting nothing is no error in S3). */
  async delete(key: string): Promise<void> {
    await this.guard(() => this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: key })));
  }

  /** Moves `from` to `to` (copy, then delete); false when `from` does not exist. */
  async move(from: string, to: string): Promise<boolean> {
    return this.guard(async () => {
      try {
        await this.client.send(new CopyObjectCommand({ Bucket: this.name, Key: to, CopySource: `${this.name}/${encodeURI(from)}` }));
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
      await this.client.send(new DeleteObjectCommand({ Bucket: this.name, Key: from }));
      return true;
    });
  }

  /** Every object under `prefix`, page by page (for backups and storage:copy). */
  async *list(prefix: string): AsyncGenerator<BucketObject> {
    let token: string | undefined;
    do {
      const page = await this.guard(() =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix, ContinuationToken: token })),
      );
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A presigned GET of `key` valid `seconds` from `signedAt`, answered as an attachment named `filename`. */
  async presignedGet(key: string, seconds: number, filename: string, signedAt: Date): Promise<string> {
    return this.guard(() =>
      getSignedUrl(
        this.client,
        new GetObjectCommand({
          Bucket: this.name,
          Key: key,
          ResponseContentDisposition: `attachment; filename="${filename}"`,
          ResponseContentType: 'application/zip',
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: seconds, signingDate: signedAt },
      ),
    );
  }
}
