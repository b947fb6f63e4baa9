import {
  commentPageSchema,
  commentSchema,
  createCommentRequestSchema,
  createPostFieldsSchema,
  errorSchema,
  feedQuerySchema,
  idParamsSchema,
  likeResultSchema,
  pageQuerySchema,
  postPageSchema,
  postSchema,
  updateCommentRequestSchema,
  updatePostRequestSchema,
  UPLOAD_MESSAGES,
  userPostsQuerySchema,
} from '@alumlink/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validation } from '../../lib/errors';
import { readMultipartForm, registerMultipart } from '../../lib/multipart';
import { badRequestSchema, zodFieldErrors } from '../../lib/validation';
import * as edits from './post-edits.service';
import * as service from './posts.service';

const errors = { 400: badRequestSchema, 401: errorSchema, 404: errorSchema };
const commentParamsSchema = idParamsSchema.extend({ comment_id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Reads caption + image from multipart; every missing or invalid field is reported at once. */
async function readNewPost(request: FastifyRequest): Promise<{ caption: string; image: Buffer; communityId?: number }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send multipart/form-data with a caption and an image.');
  }
  const form = await readMultipartForm(request, ['image']);
  const parsed = createPostFieldsSchema.safeParse(form.fields);
  const fields = parsed.success ? {} : zodFieldErrors(parsed.error);
  const image = form.files.get('image');
  if (!image) fields.image = [UPLOAD_MESSAGES.noFile];
  if (!parsed.success || !image) throw validation(fields);
  return { caption: parsed.data.caption, image, communityId: parsed.data.community_id };
}

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const auth = { onRequest: app.authenticate };

  app.get(
    '/social/posts/',
    {
      ...auth,
      schema: {
        tags: ['posts'],
        summary: 'The feed: live posts newest first, cursor-paginated; ?tag= only the posts carrying that hashtag',
        querystring: feedQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => service.listFeed(app.ctx, request.user, request.query),
  );

  app.post(
    '/social/posts/',
    {
      ...auth,
      config: { accountRateLimit: 'post' },
      schema: {
        tags: ['posts'],
        summary: 'Creates a post (multipart/form-data: caption, image, optional community_id: members only, else 403)',
        consumes: ['multipart/form-data'],
        response: { 201: postSchema, 403: errorSchema, 413: errorSchema, 415: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const input = await readNewPost(request);
      const post = await service.createPost(app.ctx, request.user, input);
      return reply.status(201).send(post);
    },
  );

  app.get(
    '/social/posts/user-posts/',
    {
      ...auth,
      schema: {
        tags: ['posts'],
        summary: "One person's live posts (the caller's own without user_id), newest first",
        querystring: userPostsQuerySchema,
        response: { 200: postPageSchema, ...errors },
      },
    },
    async (request) => {
      const { user_id: userId, ...page } = request.query;
      return service.listUserPosts(app.ctx, request.user, page, userId);
    },
  );

  app.post(
    '/social/posts/:id/like/',
    {
      ...auth,
      config: { accountRateLimit: 'like' },
      schema: {
        tags: ['posts'],
        summary: 'Likes or unlikes the post (a toggle)',
        params: idParamsSchema,
        // 409: the person's own simultaneous toggles kept overtaking this one (see toggleLike).
        response: { 200: likeResultSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => service.toggleLike(app.ctx, request.user, request.params.id),
  );

  app.post(
    '/social/posts/:id/comment/',
    {
      ...auth,
      config: { accountRateLimit: 'comment' },
      schema: {
        tags: ['posts'],
        summary: 'Comments on the post',
        params: idParamsSchema,
        body: createCommentRequestSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const comment = await service.addComment(app.ctx, request.user, request.params.id, request.body.text);
      return reply.status(201).send(comment);
    },
  );

  app.get(
    '/social/posts/:id/comments/',
    {
      ...auth,
      schema: {
        tags: ['posts'],
        summary: "The post's comments, oldest first, cursor-paginated",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: commentPageSchema, ...errors },
      },
    },
    async (request) => service.listComments(app.ctx, request.user, request.params.id, request.query),
  );

  app.delete(
    '/social/posts/:id/',
    {
      ...auth,
      config: { accountRateLimit: 'postDelete' },
      schema: {
        tags: ['posts'],
        summary: 'Deletes your own post (soft delete)',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), 403: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteOwnPost(app.ctx, request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/social/posts/:id/',
    {
      ...auth,
      config: { accountRateLimit: 'textEdit' },
      schema: {
        tags: ['posts'],
        summary: 'The author edits the caption (validated as a new post; newly mentioned people are told, others not again)',
        params: idParamsSchema,
        body: updatePostRequestSchema,
        response: { 200: postSchema, 403: errorSchema, ...errors },
      },
    },
    async (request) => edits.editPost(app.ctx, request.user, request.params.id, request.body.caption),
  );

  app.patch(
    '/social/posts/:id/comments/:comment_id/',
    {
      ...auth,
      config: { accountRateLimit: 'textEdit' },
      schema: {
        tags: ['posts'],
        summary: 'The author edits their comment (validated as a new comment; newly mentioned people are told, others not again)',
        params: commentParamsSchema,
        body: updateCommentRequestSchema,
        response: { 200: commentSchema, 403: errorSchema, ...errors },
      },
    },
    async (request) => edits.editComment(app.ctx, request.user, request.params.id, request.params.comment_id, request.body.text),
  );
};
