import {
  dataExportDownloadQuerySchema,
  errorSchema,
  idParamsSchema,
  latestDataExportSchema,
  startDataExportResponseSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportFilesFor } from '../../lib/storage/index';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import * as service from './data-export.service';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** "Your data": ask for an export of everything kept about you, see its state, download it. */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBody(app);
  const files = exportFilesFor(app.config);

  app.post(
    '/api/account/export/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'dataExport' },
      schema: {
        tags,
        summary: 'Ask for a copy of your data (a zip, built in the background; at most one a day, else 429)',
        security,
        response: { 202: startDataExportResponseSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const answer = await service.startExport(app.ctx, request.user);
      app.jobs.trigger('data-export');
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/api/account/export/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your latest export (null when you never asked for one)',
        security,
        response: { 200: latestDataExportSchema, 401: errorSchema },
      },
    },
    async (request) => service.getLatestExport(app.ctx, request.user),
  );

  app.get(
    '/api/account/export/:id/download/',
    {
      schema: {
        tags,
        summary: 'Download a ready export with its signed link (no sign-in; 404 for a wrong or expired link)',
        params: idParamsSchema,
        querystring: dataExportDownloadQuerySchema,
        response: { 200: z.unknown().describe('The zip (application/zip)'), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const file = await service.openExportDownload(app.ctx, files, request.params.id, request.query.token);
      const day = file.requestedAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          `attachment; filename="${app.config.siteName.replace(/[^A-Za-z0-9_-]/g, '') || 'data'}-data-${day}.zip"`,
        )
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file.stream);
    },
  );
};
