import {
  errorSchema,
  markNotificationsReadRequestSchema,
  notificationPageSchema,
  pageQuerySchema,
  unreadCountSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import * as service from './notifications.service';

const errors = { 400: badRequestSchema, 401: errorSchema };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };

  app.get(
    '/social/notifications/',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Your notifications newest first, cursor-paginated, with your unread total',
        querystring: pageQuerySchema,
        response: { 200: notificationPageSchema, ...errors },
      },
    },
    async (request) => service.listNotifications(app.db, request.user, request.query),
  );

  app.post(
    '/social/notifications/read/',
    {
      ...auth,
      config: { accountRateLimit: 'notificationsRead' },
      schema: {
        tags: ['notifications'],
        summary: 'Marks notifications read: {ids: [...]} or {all: true}',
        body: markNotificationsReadRequestSchema,
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => service.markNotificationsRead(app.db, request.user, request.body),
  );
};
