import { errorSchema, userSchema } from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOwnUser } from './users.service';

/** The signed-in person's own record, under both names the specification uses. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const path of ['/social/user-profiles/me/', '/social/profiles/me/']) {
    app.get(
      path,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['users'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: userSchema, 401: errorSchema },
        },
      },
      async (request) => getOwnUser(app.ctx, request.user.id),
    );
  }
};
