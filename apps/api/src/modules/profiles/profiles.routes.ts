import {
  errorSchema,
  profileByIdQuerySchema,
  profileByUsernameQuerySchema,
  updateProfileRequestSchema,
  userSchema,
} from '@alumlink/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readMultipartForm, registerMultipart } from '../../lib/multipart';
import { badRequestSchema, parseFields } from '../../lib/validation';
import { getProfileById, getProfileByUsername, updateOwnProfile, type ProfileUpdate } from './profiles.service';

/** Both spellings of the profile resource (the specification uses both). */
const PROFILE_BASES = ['/social/user-profiles', '/social/profiles'] as const;

/** JSON body, or multipart fields plus an optional `image` file. */
async function readProfileUpdate(request: FastifyRequest): Promise<{ update: ProfileUpdate; image?: Buffer }> {
  if (!request.isMultipart()) return { update: parseFields(updateProfileRequestSchema, request.body ?? {}) };
  const form = await readMultipartForm(request, ['image']);
  const update = parseFields(updateProfileRequestSchema, form.fields);
  const image = form.files.get('image');
  return image ? { update, image } : { update };
}

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  for (const base of PROFILE_BASES) {
    app.put(
      `${base}/update-me/`,
      {
        onRequest: app.authenticate,
        config: { accountRateLimit: 'profile' },
        schema: {
          tags: ['profiles'],
          summary: 'Updates your own profile; JSON, or multipart/form-data when sending an image. Blank fields stay unchanged',
          description: `Fields: ${Object.keys(updateProfileRequestSchema.shape).join(', ')}.`,
          consumes: ['application/json', 'multipart/form-data'],
          response: { 200: userSchema, 400: badRequestSchema, 401: errorSchema, 413: errorSchema },
        },
      },
      async (request) => {
        const { update, image } = await readProfileUpdate(request);
        return updateOwnProfile(app.ctx, request.user, update, image);
      },
    );

    app.get(
      `${base}/by-id/`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['profiles'],
          summary: "Someone's profile",
          querystring: profileByIdQuerySchema,
          response: { 200: userSchema, 400: badRequestSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => getProfileById(app.ctx, request.user, request.query.user_id),
    );

    app.get(
      `${base}/by-username/`,
      {
        onRequest: app.authenticate,
        schema: {
          tags: ['profiles'],
          summary: "Someone's profile by username (or a username they had before)",
          querystring: profileByUsernameQuerySchema,
          response: { 200: userSchema, 400: badRequestSchema, 401: errorSchema, 404: errorSchema },
        },
      },
      async (request) => getProfileByUsername(app.ctx, request.user, request.query.username),
    );
  }
};
