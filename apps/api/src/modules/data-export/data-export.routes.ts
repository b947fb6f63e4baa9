import {
  dataExportTicketParamsSchema,
  dataExportTicketSchema,
  errorSchema,
  idParamsSchema,
  latestDataExportSchema,
  startDataExportResponseSchema,
} from '@alumlink/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { exportFilesFor } from '../../lib/storage/index';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import * as service from './data-export.service';
import { exportFilename } from './data-export.ticket';

const tags = ['account'];
const security = [{ bearerAuth: [] }];

/** "Your data": ask for an export of everything kept about you, see its state, download it signed in. */
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

  /** The zip as an attachment; the same headers for the bearer route and the ticket route. */
  const sendZip = (reply: FastifyReply, file: { stream: Readable; size: number; requestedAt: Date }) => {
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${exportFilename(app.config.siteName, file.requestedAt)}"`)
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(file.stream);
  };

  app.get(
    '/api/account/export/:id/download/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Download a ready export: its owner's bearer token only (401 without one, 404 for anyone else or once expired)",
        security,
        params: idParamsSchema,
        response: { 200: z.unknown().describe('The zip (application/zip)'), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => sendZip(reply, await service.openExportDownload(app.ctx, files, request.user, request.params.id)),
  );

  app.post(
    '/api/account/export/:id/ticket/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'dataExportTicket' },
      schema: {
        tags,
        summary: 'A one-time URL (valid 60 s) for the browser to download your ready export (404 for anyone else or once expired)',
        security,
        params: idParamsSchema,
        response: { 200: dataExportTicketSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => service.createDownloadTicket(app.ctx, request.user, request.params.id),
  );

  app.get(
    '/api/account/export/tickets/:ticket/',
    {
      schema: {
        tags,
        summary: 'Follow a download ticket: the zip, once, within 60 s of minting (404 when used, expired or unknown)',
        params: dataExportTicketParamsSchema,
        response: { 200: z.unknown().describe('The zip (application/zip)'), 404: errorSchema },
      },
    },
    async (request, reply) => sendZip(reply, await service.openTicketDownload(app.ctx, files, request.params.ticket)),
  );
};
