import type { FastifyInstance } from 'fastify';
import type { S3StorageConfig } from '../config';
import { NOT_FOUND_BODY } from '../lib/error-handler';
import { assertSafeKey, BUCKET_PREFIXES, mediaContentType, S3MediaStorage } from '../lib/storage/index';

/** Media keys are content-addressed: a key's bytes never change (lib/storage/media-storage.ts). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A redirect to the CDN may be cached a day, not forever: a withheld or deleted picture stops
 * being pointed at within that time (the CDN's own cache of the object is the operator's setting).
 */
const REDIRECT_CACHE = 'public, max-age=86400';

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The origin MEDIA_PUBLIC_URL redirects pictures to, for the CSP's img-src; none without one. */
export function mediaImageOrigins(storage: { kind: string; mediaPublicUrl?: string | null }): string[] {
  return storage.kind === 's3' && storage.mediaPublicUrl ? [new URL(storage.mediaPublicUrl).origin] : [];
}

/**
 * /media/<key> with STORAGE=s3: the same URLs as on disk. With MEDIA_PUBLIC_URL, a 302 to
 * <url>/<key> (a CDN in front of the bucket's media/ prefix); without, the object streamed from the
 * bucket with the headers the local files get (immutable caching, the security headers of every
 * answer, a type from the key's extension). Withheld and unknown keys are 404; a bucket that does
 * not answer is a 503 for this picture only (docs/resilience.md).
 */
export function registerS3MediaRoute(app: FastifyInstance, storage: S3StorageConfig): void {
  const media = new S3MediaStorage(storage);
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!isSafeKey(key)) return reply.status(404).send(NOT_FOUND_BODY);
    if (storage.mediaPublicUrl) {
      return reply.header('cache-control', REDIRECT_CACHE).redirect(`${storage.mediaPublicUrl}/${key}`, 302);
    }
    const object = await media.bucket.get(BUCKET_PREFIXES.media + key);
    if (!object) return reply.status(404).send(NOT_FOUND_BODY);
    return reply
      .header('content-type', mediaContentType(key))
      .header('content-length', String(object.size))
      .header('cache-control', IMMUTABLE)
      .send(object.stream);
  });
}
