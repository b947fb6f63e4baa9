import { z } from 'zod';
import { ConfigError } from './config-error';
import { booleanText, urlWithScheme } from './env-text';

/** The storage variables of the environment (DESIGN.md 9.2); part of envSchema. */
export const storageEnvShape = {
  STORAGE: z.enum(['local', 's3'], { error: 'STORAGE must be local or s3' }).default('local'),
  S3_BUCKET: z.string().trim().min(3, 'S3_BUCKET must be a bucket name').max(63, 'S3_BUCKET must be a bucket name').optional(),
  S3_REGION: z.string().trim().min(1).max(64, 'S3_REGION must be at most 64 characters').optional(),
  S3_ENDPOINT: urlWithScheme('S3_ENDPOINT', ['http', 'https']).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText('S3_FORCE_PATH_STYLE').optional(),
  MEDIA_PUBLIC_URL: urlWithScheme('MEDIA_PUBLIC_URL', ['http', 'https']).optional(),
};

type StorageVars = z.output<ReturnType<typeof z.object<typeof storageEnvShape>>>;

export type S3StorageConfig = Readonly<{
  kind: 's3';
  bucket: string;
  /** S3_REGION; default us-east-1 (R2 wants `auto`, MinIO accepts anything). */
  region: string;
  /** S3_ENDPOINT: any S3-compatible service (MinIO, R2, Ceph); null is AWS itself. */
  endpoint: string | null;
  /** Both or neither; neither: the SDK's default chain (instance role, AWS_* variables, profile). */
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | null;
  /** S3_FORCE_PATH_STYLE: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph). */
  forcePathStyle: boolean;
  /** MEDIA_PUBLIC_URL without a trailing slash: /media/<key> redirects to <url>/<key> (a CDN in front of the bucket's media/). */
  mediaPublicUrl: string | null;
}>;

/** Where media and exports live: DATA_DIR/media and DATA_DIR/exports, or one S3-compatible bucket. */
export type StorageConfig = Readonly<{ kind: 'local' }> | S3StorageConfig;

/** The storage of the parsed variables; a ConfigError names what is missing for STORAGE=s3. */
export function storageConfigOf(vars: StorageVars): StorageConfig {
  if (vars.STORAGE === 'local') return Object.freeze({ kind: 'local' });
  if (!vars.S3_BUCKET) throw new ConfigError('Invalid environment: S3_BUCKET is required when STORAGE=s3');
  const hasKey = Boolean(vars.S3_ACCESS_KEY_ID);
  if (hasKey !== Boolean(vars.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid environment: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither for the default AWS credentials)',
    );
  }
  return Object.freeze({
    kind: 's3',
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION ?? 'us-east-1',
    endpoint: vars.S3_ENDPOINT ?? null,
    credentials: hasKey ? Object.freeze({ accessKeyId: vars.S3_ACCESS_KEY_ID!, secretAccessKey: vars.S3_SECRET_ACCESS_KEY! }) : null,
    forcePathStyle: vars.S3_FORCE_PATH_STYLE ?? false,
    mediaPublicUrl: vars.MEDIA_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
  });
}
