import { errorSchema, recentActivityQuerySchema, recentActivitySchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../lib/validation';
import { recentActivity } from './activity.service';

/** What's New 'recent activity' (respects activity tracking and profile visibility). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/activity/recent/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['activity'],
        summary: "What's New: new members and newest posts' authors, newest first (bounded by `limit`)",
        security: [{ bearerAuth: [] }],
        querystring: recentActivityQuerySchema,
        response: { 200: recentActivitySchema, 400: badRequestSchema, 401: errorSchema },
      },
    },
    async (request) => recentActivity(app.ctx, request.user, request.query.limit),
  );
};
