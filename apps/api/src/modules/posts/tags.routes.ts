import { errorSchema, trendingTagsSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findTrendingTags } from './tags.repository';

/** Hashtags (DESIGN 9.3): a tag's posts are the feed's `?tag=`; this answers what is trending. */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tags/trending/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['posts'],
        summary: 'Top 10 hashtags of the last 7 days, by live posts the caller may see',
        response: { 200: trendingTagsSchema, 401: errorSchema },
      },
    },
    async (request) => ({ results: await findTrendingTags(app.ctx.db, request.user, new Date()) }),
  );
};
