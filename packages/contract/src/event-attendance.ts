import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';
import { EVENT_LIMITS } from './events';
import { userSummarySchema } from './users';

// Taking part in an event: registering (with guests, or on the waitlist), the attendee list and
// check-in (host and admins), and who is going.

/** Body of POST /api/events/{id}/register/ (optional; no body = no guests). */
export const eventRegistrationRequestSchema = z.object({
  /** Guests you bring (0..5); they take places too. */
  guests: z
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(0, 'Ensure this value is greater than or equal to 0.')
    .max(EVENT_LIMITS.guestsMax, `Ensure this value is less than or equal to ${EVENT_LIMITS.guestsMax}.`)
    .default(0),
});
export type EventRegistrationRequest = z.input<typeof eventRegistrationRequestSchema>;

/**
 * Answer of POST and DELETE /api/events/{id}/register/ (both idempotent: registering again keeps
 * your place and your guests; cancel first to change them).
 */
export const eventRegistrationResultSchema = z.object({
  /** True when you hold a place (not waitlisted). */
  registered: z.boolean(),
  /** 'registered', 'waitlisted', or null after a cancellation. */
  status: z.enum(['registered', 'waitlisted']).nullable(),
  /** Your place on the waitlist (1 = next), or null. */
  waitlist_position: z.number().int().nullable(),
  registrations_count: z.number().int(),
  waitlist_count: z.number().int(),
  /** Places still free, or null for unlimited. */
  spots_left: z.number().int().nullable(),
});
export type EventRegistrationResult = z.infer<typeof eventRegistrationResultSchema>;

/** One person on an event's attendee list (host and admins). */
export const eventAttendeeSchema = z.object({
  user: userSummarySchema,
  status: z.enum(['registered', 'waitlisted']),
  guests: z.number().int(),
  /** The place on the waitlist (1 = next), or null when registered. */
  waitlist_position: z.number().int().nullable(),
  /** ISO 8601: when they registered (or joined the waitlist). */
  registered_at: z.string(),
  /** ISO 8601, or null when not checked in. */
  checked_in_at: z.string().nullable(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

/**
 * GET /api/events/{id}/attendees/?status=&q=&cursor=&limit=: registered people first, then the
 * waitlist, each in arrival order; `q` matches first name, last name or e-mail.
 */
export const eventAttendeesQuerySchema = pageQuerySchema.extend({
  status: z.enum(['registered', 'waitlisted']).optional(),
  q: z.string().trim().max(200).optional(),
});
export type EventAttendeesQuery = z.input<typeof eventAttendeesQuerySchema>;
export const eventAttendeePageSchema = paginated(eventAttendeeSchema);
export type EventAttendeePage = z.infer<typeof eventAttendeePageSchema>;

/** Body of POST /api/events/{id}/check-in/ (host, admin). */
export const eventCheckInRequestSchema = z.object({ user_id: idSchema });
export type EventCheckInRequest = z.input<typeof eventCheckInRequestSchema>;

/** GET /api/events/{id}/going/?cursor=&limit= (signed in): who is going, in arrival order. */
export const eventGoingQuerySchema = pageQuerySchema;

/**
 * The registered people the caller may see named (people who leave themselves out of the
 * directory, or whose profile the caller may not see, are counted in `unnamed`, never named);
 * `count`: every registered person.
 */
export const eventGoingPageSchema = paginated(userSummarySchema).extend({
  count: z.number().int(),
  unnamed: z.number().int(),
});
export type EventGoingPage = z.infer<typeof eventGoingPageSchema>;
