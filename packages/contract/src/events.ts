import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated, REQUIRED } from './common';
import { userSummarySchema } from './users';

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** User-visible texts of the events page, word for word. */
export const EVENT_MESSAGES = {
  registered: "Successfully Registered! You'll receive a reminder before the event.",
  invalidStartsAt: 'Enter a valid date and time (ISO 8601).',
} as const;

export const EVENT_LIMITS = {
  titleMax: 200,
  hostMax: 150,
  categoryMax: 100,
  descriptionMax: 5_000,
  discussionMessageMax: 2_000,
  /** Registered people get a reminder e-mail this long before the start. */
  reminderLeadHours: 24,
} as const;

const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong(max));
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max));

/** An ISO 8601 date-time with a time zone (`Z` or an offset), e.g. 2030-05-01T17:00:00Z. */
const startsAtSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .pipe(z.iso.datetime({ offset: true, error: EVENT_MESSAGES.invalidStartsAt }));

/**
 * Body of POST /api/events/ (admin): JSON, or multipart/form-data with the same fields plus an
 * optional `image` file.
 */
export const createEventRequestSchema = z.object({
  title: requiredText(EVENT_LIMITS.titleMax),
  /** Start time, ISO 8601 with a time zone. */
  starts_at: startsAtSchema,
  host: optionalText(EVENT_LIMITS.hostMax).default(''),
  category: optionalText(EVENT_LIMITS.categoryMax).default(''),
  description: optionalText(EVENT_LIMITS.descriptionMax).default(''),
});
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;

/** Body of PATCH /api/events/{id}/ (admin): any subset of the create fields (and an optional image). */
export const updateEventRequestSchema = z.object({
  title: requiredText(EVENT_LIMITS.titleMax).optional(),
  starts_at: startsAtSchema.optional(),
  host: optionalText(EVENT_LIMITS.hostMax).optional(),
  category: optionalText(EVENT_LIMITS.categoryMax).optional(),
  description: optionalText(EVENT_LIMITS.descriptionMax).optional(),
});
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

export const eventIdParamsSchema = z.object({ id: idSchema });

/** Answer of POST and DELETE /api/events/{id}/register/ (both idempotent). */
export const eventRegistrationResultSchema = z.object({
  registered: z.boolean(),
  registrations_count: z.number().int(),
});
export type EventRegistrationResult = z.infer<typeof eventRegistrationResultSchema>;

/** One message of an event's live discussion. */
export const eventMessageSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  /** The author. */
  user: userSummarySchema,
});
export type EventMessage = z.infer<typeof eventMessageSchema>;

/** GET /api/events/{id}/discussion/: newest first (the first page is the latest; `next` goes back in time). */
export const eventDiscussionQuerySchema = pageQuerySchema;
export const eventMessagePageSchema = paginated(eventMessageSchema);
export type EventMessagePage = z.infer<typeof eventMessagePageSchema>;

/** Body of POST /api/events/{id}/discussion/: trimmed, 1..2000 characters. */
export const createEventMessageRequestSchema = z.object({
  text: requiredText(EVENT_LIMITS.discussionMessageMax),
});
export type CreateEventMessageRequest = z.input<typeof createEventMessageRequestSchema>;

/** Data of the realtime event `event.message` (sent to every connected socket). */
export const eventMessageCreatedSchema = z.object({
  event_id: z.number().int(),
  message: eventMessageSchema,
});
export type EventMessageCreated = z.infer<typeof eventMessageCreatedSchema>;
