import {
  errorSchema,
  eventAttendeePageSchema,
  eventAttendeeSchema,
  eventAttendeesQuerySchema,
  eventCheckInRequestSchema,
  eventGoingPageSchema,
  eventGoingQuerySchema,
  eventIdParamsSchema,
} from '@alumlink/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticateIfPresent, viewerOf } from '../../lib/auth';
import { badRequestSchema } from '../../lib/validation';
import * as attendees from './attendees.service';
import { eventCalendar } from './calendar';
import { listGoing } from './going.service';

const TAGS = ['events'];
const security = [{ bearerAuth: [] }];
const errors = { 400: badRequestSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** The calendar file (public), who is going (members), and what the host and admins use to run an event: attendees, CSV, check-in. */
export const eventAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events/:id/calendar.ics',
    {
      // The event of a members-only space: its members' token (else 404, like the event).
      onRequest: authenticateIfPresent('visitor'),
      schema: {
        tags: TAGS,
        summary: 'The event as an iCalendar file (public like the event)',
        description: 'Answers text/calendar (RFC 5545: CRLF lines, folded at 75 octets, a UID stable per event).',
        params: eventIdParamsSchema,
        // No response schema: the body is text/calendar, not JSON (errors are the usual {detail, code}).
      },
    },
    async (request, reply) => {
      const { ics, fileName } = await eventCalendar(app.ctx, request.params.id, viewerOf(request));
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(ics);
    },
  );

  app.get(
    '/api/events/:id/going/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Signed-in members: who is going, in arrival order; people hidden from the directory are counted in `unnamed`, not named',
        security,
        params: eventIdParamsSchema,
        querystring: eventGoingQuerySchema,
        response: { 200: eventGoingPageSchema, ...errors },
      },
    },
    async (request) => listGoing(app.ctx, request.user, request.params.id, request.query),
  );

  app.get(
    '/api/events/:id/attendees/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: "Host, admin: the event's registered people (arrival order), then its waitlist; `q` searches names and e-mails",
        security,
        params: eventIdParamsSchema,
        querystring: eventAttendeesQuerySchema,
        response: { 200: eventAttendeePageSchema, ...errors },
      },
    },
    async (request) => attendees.listAttendees(app.ctx, request.user, request.params.id, request.query),
  );

  app.get(
    '/api/events/:id/attendees.csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        summary: 'Host, admin: every attendee and waitlisted person as CSV',
        description: 'Answers text/csv with a header row; cells that could run as spreadsheet formulas (= + - @) start with an apostrophe.',
        security,
        params: eventIdParamsSchema,
        // No response schema: the body is a text/csv stream (errors are the usual {detail, code}).
      },
    },
    async (request, reply) => {
      const { stream, fileName } = await attendees.attendeesCsv(app.ctx, request.user, request.params.id);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`).send(stream);
    },
  );

  app.post(
    '/api/events/:id/check-in/',
    {
      onRequest: app.authenticate,
      config: { accountRateLimit: 'eventCheckIn' },
      schema: {
        tags: TAGS,
        summary: 'Host, admin: check a registered person in (again: keeps the first time); 404 not on the list, 409 only waitlisted',
        security,
        params: eventIdParamsSchema,
        body: eventCheckInRequestSchema,
        response: { 200: eventAttendeeSchema, ...errors, 409: errorSchema },
      },
    },
    async (request) => attendees.checkInAttendee(app.ctx, request.user, request.params.id, request.body.user_id),
  );
};
