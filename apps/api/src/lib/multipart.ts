import multipart from '@fastify/multipart';
import { LIMITS } from '@alumlink/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors';
import { fileTooLarge } from './images';

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
 * Registers @fastify/multipart in the calling plugin's context (encapsulated: only that
 * module's routes accept multipart/form-data).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
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
