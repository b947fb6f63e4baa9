import { devMailboxMessagesSchema, devMailboxQuerySchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentMailboxMessage, renderMailboxPage } from './mailbox.presenter';
import { listRecentEmails } from './mailbox.repository';

const PAGE_MESSAGES = 100;
const JSON_MESSAGES = 50;

/** The dev mailbox: every e-mail the server wrote, readable outside production only. */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;

  app.get(
    '/dev/mailbox/',
    { schema: { tags: ['dev'], summary: 'Dev mailbox (HTML, not in production)', querystring: devMailboxQuerySchema } },
    async (request, reply) => {
      const rows = await listRecentEmails(app.db, { to: request.query.to, limit: PAGE_MESSAGES });
      return reply.type('text/html; charset=utf-8').send(renderMailboxPage(app.config.siteName, rows));
    },
  );

  app.get(
    '/dev/mailbox/messages.json',
    {
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox messages, newest first (not in production)',
        querystring: devMailboxQuerySchema,
        response: { 200: devMailboxMessagesSchema },
      },
    },
    async (request) => {
      const rows = await listRecentEmails(app.db, { to: request.query.to, limit: JSON_MESSAGES });
      return { results: rows.map(presentMailboxMessage) };
    },
  );
};
