import {
  createEventMessageRequestSchema,
  createEventRequestSchema,
  errorSchema,
  eventDiscussionQuerySchema,
  eventIdParamsSchema,
  eventMessagePageSchema,
  eventMessageSchema,
  eventPageSchema,
  eventRegistrationRequestSchema,
  eventRegistrationResultSchema,
  eventSchema,
  eventsQuerySchema,
  updateEventRequestSchema,
} from '@alumlink/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { adminOnly, authenticateIfPresent, viewerOf } from '../../lib/auth';
import { readMultipartForm, registerMultipart } from '../../lib/multipart';
import { badRequestSchema, parseFields } from '../../lib/validation';
import { acceptEmptyJsonBody } from '../../lib/empty-json-body';
import { listEventMessages, postEventMessage } from './discussion.service';
import { eventAttendanceRoutes } from './attendance.routes';
import * as service from './events.service';
import * as registrationService from './registration.service';

const TAGS = ['events'];
const errors = { 400: badRequestSchema, 401: errorSchema, 404: errorSchema };
const security = [{ bearerAuth: [] }];

/** JSON body, or multipart fields plus an optional `image` file. */
async function readEventForm<TSchema extends z.ZodType>(
  request: FastifyRequest,
  schema: TSchema,
): Promise<{ input: z.output<TSchema>; image?: Buffer }> {
  if (!request.isMultipart()) return { input: parseFields(schema, request.body ?? {}) };
  const form = await readMultipartForm(request, ['image']);
  const input = parseFields(schema, form.fields);
  const image = form.files.get('image');
  return image ? { input, image } : { input };
}

/** Events: public list and detail, admin editing, registration and the live discussion. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const adminAccess = adminOnly(app);
  // A bad or expired token is a 401, so the client refreshes it and sees its registrations.
  const optionalAuth = authenticateIfPresent('refuse');

  app.get(
    '/api/events/',
    {
      onRequest: optionalAuth,
      schema: {
        tags: TAGS,
        summary: 'Events by date; `q` filters by title or category, case-insensitively (public; `registered` for a signed-in caller)',
        querystring: eventsQuerySchema,
        response: { 200: eventPageSchema, ...errors },
      },
    },
    async (request) => service.listEvents(app.ctx, viewerOf(request), request.query),
  );

  app.get(
    '/api/events/:id/',
    {
      onRequest: optionalAuth,
      schema: {
        tags: TAGS,
        summary: 'One event (public; `registered` for a signed-in caller)',
        params: eventIdParamsSchema,
        response: { 200: eventSchema, ...errors },
      },
    },
    async (request) => service.getEvent(app.ctx, viewerOf(request), request.params.id),
  );

  app.post(
    '/api/events/',
    {
      ...adminAccess,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Admin: create an event; JSON, or multipart/form-data with an optional `image` file',
        description: `Fields: ${Object.keys(createEventRequestSchema.shape).join(', ')}.`,
        consumes: ['application/json', 'multipart/form-data'],
        security,
        response: { 201: eventSchema, ...errors, 403: errorSchema, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const { input, image } = await readEventForm(request, createEventRequestSchema);
      return reply.status(201).send(await service.createEvent(app.ctx, request.user, input, image));
    },
  );

  app.patch(
    '/api/events/:id/',
    {
      ...adminAccess,
      config: { accountRateLimit: 'admin' },
      schema: {
        tags: TAGS,
        summary: 'Admin: change some fields of an event; JSON, or multipart/form-data with an optional `image` file',
        description: `Fields: ${Object.keys(updateEventRequestSchema.shape).join(', ')}.`,
        consumes: ['application/json', 'multipart/form-data'],
        security,
        params: eventIdParamsSchema,
        response: { 200: eventSchema, ...errors, 403: errorSchema, 413: errorSchema },
      },
    },
    async (request) => {
      const { input, image } = await readEventForm(request, updateEventRequestSchema);
      return service.updateEvent(app.ctx, request.user, request.params.id, input, image);
    },
  );

  // Registration takes an optional {guests}; an empty JSON body (or none) means no guests.
  await app.register(async (plainScope) => {
    acceptEmptyJsonBody(plainScope);
    const scope = plainScope.withTypeProvider<ZodTypeProvider>();
    const registration = {
      onRequest: scope.authenticate,
      config: { accountRateLimit: 'eventRegistration' as const },
      schema: {
        tags: TAGS,
        security,
        params: eventIdParamsSchema,
        response: { 200: eventRegistrationResultSchema, ...errors },
      },
    };
    scope.post(
      '/api/events/:id/register/',
      {
        ...registration,
        schema: {
          ...registration.schema,
          summary:
            'Register for an event with 0..5 guests; when the party does not fit (or others wait) you join the waitlist (idempotent)',
          body: eventRegistrationRequestSchema,
        },
      },
      async (request) => registrationService.register(app.ctx, request.user, request.params.id, request.body.guests),
    );
    scope.delete(
      '/api/events/:id/register/',
      {
        ...registration,
        schema: {
          ...registration.schema,
          summary: 'Cancel your registration or waitlist place (idempotent); the first waitlisted people move up and are told',
        },
      },
      async (request) => registrationService.cancel(app.ctx, request.user, request.params.id),
    );
  });

  await app.register(eventAttendanceRoutes);

  app.get(
    '/api/events/:id/discussion/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "An event's live discussion, newest first (`next` goes back in time)",
        security,
        params: eventIdParamsSchema,
        querystring: eventDiscussionQuerySchema,
        response: { 200: eventMessagePageSchema, ...errors },
      },
    },
    async (request) => listEventMessages(app.ctx, request.user, request.params.id, request.query),
  );

  app.post(
    '/api/events/:id/discussion/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'eventDiscussion' },
      schema: {
        tags: TAGS,
        summary: "Post to an event's live discussion; everyone connected receives `event.message`",
        security,
        params: eventIdParamsSchema,
        body: createEventMessageRequestSchema,
        response: { 201: eventMessageSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await postEventMessage(app.ctx, request.user, request.params.id, request.body.text)),
  );
};
