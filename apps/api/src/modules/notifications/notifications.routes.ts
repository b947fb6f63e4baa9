import {
  errorSchema,
  markNotificationsReadRequestSchema,
  notificationPageSchema,
  notificationSettingsSchema,
  pageQuerySchema,
  unreadCountSchema,
  updateNotificationSettingsRequestSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { digestsRoutes } from './digests/digests.routes';
import * as service from './notifications.service';
import { getNotificationSettings, updateNotificationSettings } from './preferences.service';

const errors = { 400: badRequestSchema, 401: errorSchema };

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = { onRequest: app.authenticate };
  await app.register(digestsRoutes);

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
    async (request) => service.listNotifications(app.ctx, request.user, request.query),
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
    async (request) => service.markNotificationsRead(app.ctx, request.user, request.body),
  );

  app.get(
    '/social/settings/notifications/',
    {
      ...auth,
      schema: {
        tags: ['notifications'],
        summary: 'Your notification choices: per type, in-app on/off and e-mail off, instant, daily or weekly',
        security: [{ bearerAuth: [] }],
        response: { 200: notificationSettingsSchema, 401: errorSchema },
      },
    },
    async (request) => getNotificationSettings(app.ctx, request.user.id),
  );

  app.put(
    '/social/settings/notifications/',
    {
      ...auth,
      config: { accountRateLimit: 'settings' },
      schema: {
        tags: ['notifications'],
        summary: 'Saves notification choices: any types, any of their fields; the rest stays',
        security: [{ bearerAuth: [] }],
        body: updateNotificationSettingsRequestSchema,
        response: { 200: notificationSettingsSchema, ...errors },
      },
    },
    async (request) => updateNotificationSettings(app.ctx, request.user.id, request.body),
  );
};
