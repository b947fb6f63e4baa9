import multipart from '@fastify/multipart';
import { LIMITS } from '@alumlink/contract';
import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { badRequest } from './errors';
import { fileTooLarge, reserveDecodePlace } from './images';

/** Upload limits: busboy stops buffering a file at 10 MB; a form has one file and a few fields. */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.uploadMaxBytes,
  files: 1,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: 25,
  headerPairs: 100,
} as const;

/**
 * How long an upload's body may take to arrive while holding a decoding place; a slower one lets
 * its place go (it is still served, and its decode still queues under the limit), so a few
 * trickling bodies cannot keep every other upload out.
 */
export const UPLOAD_BODY_DEADLINE_MS = 30_000;

function isMultipartForm(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

/**
 * preParsing (after authentication and rate limits, before any byte of the body is read): a
 * multipart request takes a decoding place or is refused with 503 `busy` + Retry-After, its body
 * unread (Node discards it after the answer, nothing is buffered). The place is held until the
 * answer is sent, or given up after `bodyDeadlineMs` if the body is still arriving then.
 */
function holdDecodePlace(bodyDeadlineMs: number): preParsingAsyncHookHandler {
  return async (request, reply, payload) => {
    if (!isMultipartForm(request)) return payload;
    const release = reserveDecodePlace();
    const lapse = setTimeout(release, bodyDeadlineMs);
    lapse.unref();
    request.raw.once('end', () => clearTimeout(lapse));
    reply.raw.once('close', () => {
      clearTimeout(lapse);
      release();
    });
    return payload;
  };
}

export type MultipartOptions = { bodyDeadlineMs?: number };

/**
 * Registers @fastify/multipart in the calling plugin's context (encapsulated: only that
 * module's routes accept multipart/form-data), with the decoding-place check before the body.
 */
export async function registerMultipart(app: FastifyInstance, options: MultipartOptions = {}): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
  app.addHook('preParsing', holdDecodePlace(options.bodyDeadlineMs ?? UPLOAD_BODY_DEADLINE_MS));
}

/** A multipart form read into memory: text fields and the wanted file parts. */
export type MultipartForm = {
  fields: Record<string, string>;
  files: Map<string, Buffer>;
};

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Reads a multipart/form-data body. Only file parts named in `fileFields` are kept (others are
 * drained). A file over the size limit → 413 `file_too_large`; a malformed body → 400.
 */
export async function readMultipartForm(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  const fields = new Map<string, string>();
  const files = new Map<string, Buffer>();
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (fileFields.includes(part.fieldname) && !files.has(part.fieldname)) {
          files.set(part.fieldname, await part.toBuffer());
        } else {
          part.file.resume();
        }
      } else if (typeof part.value === 'string' && !fields.has(part.fieldname)) {
        fields.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    // The multipart plugin's own errors (limits, prototype names) carry their 4xx status.
    if (code?.startsWith('FST_')) throw error;
    throw badRequest('Malformed multipart body.', 'invalid_multipart');
  }
  return { fields: Object.fromEntries(fields), files };
}
