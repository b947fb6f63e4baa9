import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  errorSchema,
  idParamsSchema,
  pageQuerySchema,
  ROSTER_LIMITS,
  ROSTER_MESSAGES,
  rosterImportPageSchema,
  rosterImportSchema,
  rosterImportStartedSchema,
  rosterPreviewSchema,
} from '@alumlink/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOnly } from '../../lib/auth';
import { AppError, badRequest, tooLarge } from '../../lib/errors';
import { badRequestSchema } from '../../lib/validation';
import { settleRunningImports } from './roster-import';
import * as service from './roster.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };
const uploadErrors = { ...errors, 413: errorSchema, 415: errorSchema };
const security = [{ bearerAuth: [] }];
const consumes = ['multipart/form-data', 'text/csv'];

type Upload = { stream: Readable; fileName: string };

/** The roster of a request: the multipart field `file`, or a text/csv body; anything else is a 415. */
async function uploadOf(request: FastifyRequest): Promise<Upload> {
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file' && part.fieldname === 'file') return { stream: part.file, fileName: part.filename };
        if (part.type === 'file') part.file.resume();
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest('Malformed multipart body.', 'invalid_multipart');
    }
    throw badRequest(ROSTER_MESSAGES.noFile, 'no_file');
  }
  if (/^text\/csv\b/i.test(request.headers['content-type'] ?? '') && request.body) {
    return { stream: request.body as Readable, fileName: 'roster.csv' };
  }
  throw new AppError(415, 'unsupported_media_type', ROSTER_MESSAGES.wrongType);
}

/** Reads an upload whole (an import outlives the request), at most ROSTER_LIMITS.maxBytes. */
async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > ROSTER_LIMITS.maxBytes) {
      stream.resume();
      throw tooLarge(ROSTER_MESSAGES.tooLarge, 'file_too_large');
    }
    chunks.push(chunk);
  }
  if ((stream as { truncated?: boolean }).truncated) throw tooLarge(ROSTER_MESSAGES.tooLarge, 'file_too_large');
  return Buffer.concat(chunks);
}

/** Roster import (DESIGN 9.1), administrators only. */
export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin only: a CSV file as multipart (one file, a size cap) or as a raw text/csv body, streamed.
  await app.register(multipart, { limits: { fileSize: ROSTER_LIMITS.maxBytes + 1, files: 1, fields: 5, parts: 6 } });
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
  app.addHook('onClose', async () => settleRunningImports());
  const access = adminOnly(app);

  app.post(
    '/api/admin/roster/preview/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'What each row of a roster CSV would do (invite, update or skip, with its errors); writes nothing',
        security,
        consumes,
        response: { 200: rosterPreviewSchema, ...uploadErrors },
      },
    },
    async (request) => {
      const upload = await uploadOf(request);
      const preview = await service.previewRoster(app.ctx, upload.stream);
      if ((upload.stream as { truncated?: boolean }).truncated) throw tooLarge(ROSTER_MESSAGES.tooLarge, 'file_too_large');
      return preview;
    },
  );

  app.post(
    '/api/admin/roster/import/',
    {
      ...access,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Starts importing a roster CSV in the background; answers its id (read its progress there)',
        security,
        consumes,
        response: { 202: rosterImportStartedSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const upload = await uploadOf(request);
      const file = await bufferOf(upload.stream);
      return reply.code(202).send(await service.startImport(app.ctx, request.user, file, upload.fileName));
    },
  );

  app.get(
    '/api/admin/roster/imports/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: 'Roster imports, newest first, with their counts and progress',
        security,
        querystring: pageQuerySchema,
        response: { 200: rosterImportPageSchema, ...errors },
      },
    },
    async (request) => service.listImports(app.ctx, request.query),
  );

  app.get(
    '/api/admin/roster/imports/:id/',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: "A roster import's status, counts, progress and rejected rows by line",
        security,
        params: idParamsSchema,
        response: { 200: rosterImportSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => service.readImport(app.ctx, request.params.id),
  );

  app.get(
    '/api/admin/roster/imports/:id/rejected.csv',
    {
      ...access,
      schema: {
        tags: ['admin'],
        summary: "A roster import's rejected rows as CSV, with their line and error",
        security,
        params: idParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await service.rejectedCsv(app.ctx, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="roster-import-${request.params.id}-rejected.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
