import { brotliCompressSync, constants, type BrotliOptions, type InputType } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { isStaticFileRoute } from './static-files';

/** Smaller answers gain too little to pay for compressing them. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Answers up to this size are compressed on the event loop, in one call, with their Content-Length;
 * larger ones would be streamed through zlib's thread pool without it, and the hand-off costs more
 * than the work: a 216 KB feed page (100 posts with 2,000-character captions) took 1.48 ms of CPU
 * streamed against 1.03 ms in one call (decision record 021). Above the largest JSON page (about
 * 650 KB with captions of 3-byte characters).
 */
const SYNC_COMPRESSION_MAX_BYTES = 1024 * 1024;

/** The fastest settings: a 7 KB feed page shrinks to under a third (decision record 021). */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

/**
 * Brotli told each answer's size: without BROTLI_PARAM_SIZE_HINT every call sets up for a 4 MB
 * window, and on a feed page that set-up is most of the work (a 9 KB page: 35 µs without the hint,
 * 22 with it, same bytes out; the feed's whole compression was 13% of the worker's CPU).
 */
function brotliCompressSyncWithSizeHint(payload: InputType, options: BrotliOptions = {}): Buffer {
  const size = Buffer.isBuffer(payload) || typeof payload !== 'string' ? payload.byteLength : Buffer.byteLength(payload);
  return brotliCompressSync(payload, { ...options, params: { ...options.params, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
}

/**
 * Only GET routes of the API: the answers that carry credentials (sign-in, refresh, registration)
 * are POSTs, and are never compressed, so their secrets never share a compressed body with text a
 * third party chose (BREACH). The web app's files are precompressed at build time and media are
 * images: the static-files routes are never compressed either.
 */
function mayCompress(route: RouteOptions): boolean {
  return route.method === 'GET' && !isStaticFileRoute(route.url);
}

/** Adds accept-encoding to the Vary header (spelled as @fastify/compress and @fastify/static do). */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/json');
}

/**
 * Compresses JSON answers to GET requests (feeds, lists, profiles) of at least 1 KB with brotli 1,
 * else gzip 1, for clients that accept them (@fastify/compress). Every JSON answer to a GET varies
 * on Accept-Encoding, also the ones left plain, so a cache never hands a compressed body to a
 * client that did not ask for it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Before @fastify/compress: its own onRoute hook reads `compress` after this one has set it.
  app.addHook('onRoute', (route) => {
    if (!mayCompress(route)) route.compress = false;
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (request.method === 'GET' && isJson(reply)) varyOnEncoding(reply);
    done(null, payload);
  });
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: MIN_COMPRESSED_BYTES,
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
    // Only the one-call brotli is replaced; streams and gzip stay @fastify/compress's own (node:zlib).
    zlib: { brotliCompressSync: brotliCompressSyncWithSizeHint },
    // Request bodies are never compressed by our clients.
    globalDecompression: false,
  });
}
