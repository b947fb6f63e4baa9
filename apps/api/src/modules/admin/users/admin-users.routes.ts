import {
  adminUserPageSchema,
  adminUsersQuerySchema,
  detailSchema,
  errorSchema,
  idParamsSchema,
  updateRoleRequestSchema,
  updateRoleResponseSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema } from '../../../lib/validation';
import { adminOnly } from '../../../lib/auth';
import * as service from './admin-users.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema };

/** User management: the list, role changes and deletions (administrators only). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = adminOnly(app);

  for (const path of ['/users/', '/api/admin/users/']) {
    app.get(
      path,
      {
        ...access,
        schema: {
          tags: ['admin'],
          summary: 'People ordered by id, filtered by q (name, e-mail or id) and role, with the total count',
          security: [{ bearerAuth: [] }],
          querystring: adminUsersQuerySchema,
          response: { 200: adminUserPageSchema, ...errors },
        },
      },
      async (request) => service.listUsers(app.ctx, request.query),
    );
  }

  for (const path of ['/users/admin/update-role/', '/admin/update-role/']) {
    app.patch(
      path,
      {
        ...access,
        config: { accountRateLimit: 'admin' },
        schema: {
          tags: ['admin'],
          summary: "Changes someone's role to TR, IN or AL (not your own, not an administrator's)",
          security: [{ bearerAuth: [] }],
          body: updateRoleRequestSchema,
          response: { 200: updateRoleResponseSchema, 404: errorSchema, ...errors },
        },
      },
      async (request) => service.changeRole(app.ctx, request.user, request.body),
    );
  }

  for (const path of ['/users/admin/delete-user/:id/', '/admin/delete-user/:id/']) {
    app.delete(
      path,
      {
        ...access,
        config: { accountRateLimit: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Deletes someone and their content (not yourself, not an administrator)',
          security: [{ bearerAuth: [] }],
          params: idParamsSchema,
          response: { 200: detailSchema, 404: errorSchema, ...errors },
        },
      },
      async (request) => service.deleteUser(app.ctx, request.user, request.params.id),
    );
  }
};
