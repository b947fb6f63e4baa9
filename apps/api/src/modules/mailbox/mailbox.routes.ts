import { devMailboxMessagesSchema, devMailboxQuerySchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailboxEnabled } from '../../config';
import { fromThisMachine } from '../../lib/client-address';
import { presentMailboxMessage, renderMailboxPage } from './mailbox.presenter';
import { recentEmails } from './mailbox.service';

const PAGE_MESSAGES = 100;
const JSON_MESSAGES = 50;

/**
 * The dev mailbox: every e-mail the server wrote, codes included. It exists only where it is the
 * delivery (devMailboxEnabled: embedded database, no SMTP, not production, DEV_MAILBOX not off)
 * and answers only this machine; everyone else gets the 404 of an unknown route.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!devMailboxEnabled(app.config)) return;

  // Scoped to this plugin (not fastify-plugin-wrapped): runs for the mailbox routes only.
  app.addHook('onRequest', async (request, reply) => {
    if (!fromThisMachine(request)) return reply.callNotFound();
  });

  app.get(
    '/dev/mailbox/',
    {
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox (HTML; embedded default without SMTP, this machine only)',
        querystring: devMailboxQuerySchema,
      },
    },
    async (request, reply) => {
      const rows = await recentEmails(app.ctx, { to: request.query.to, limit: PAGE_MESSAGES });
      return reply.type('text/html; charset=utf-8').send(renderMailboxPage(app.config.siteName, rows));
    },
  );

  app.get(
    '/dev/mailbox/messages.json',
    {
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox messages, newest first (embedded default without SMTP, this machine only)',
        querystring: devMailboxQuerySchema,
        response: { 200: devMailboxMessagesSchema },
      },
    },
    async (request) => {
      const rows = await recentEmails(app.ctx, { to: request.query.to, limit: JSON_MESSAGES });
      return { results: rows.map(presentMailboxMessage) };
    },
  );
};
