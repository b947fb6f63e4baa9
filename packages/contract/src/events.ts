import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated, REQUIRED } from './common';
import { userSummarySchema } from './users';

/** An event card. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Start time, ISO 8601. */
  date: z.string(),
  /** End time, ISO 8601, or null for an event made without one. */
  ends_at: z.string().nullable(),
  /** The IANA time zone the event is held in (its times are shown in it). */
  time_zone: z.string(),
  /** Where: an address, a room, or a link; '' when not given. */
  venue: z.string(),
  host: z.string(),
  category: z.string(),
  /** URL of the cover image (under /media/) or null. */
  image: z.string().nullable(),
  description: z.string(),
  /** People registered (not waitlisted). */
  registrations_count: z.number().int(),
  /** True when the signed-in caller is registered (not waitlisted); false for visitors. */
  registered: z.boolean(),
  /** Places (people plus their guests), or null for unlimited. */
  capacity: z.number().int().nullable(),
  /** People waiting for a place. */
  waitlist_count: z.number().int(),
  /** Places still free (0 when full), or null for unlimited. */
  spots_left: z.number().int().nullable(),
  /** The signed-in caller's registration: 'registered', 'waitlisted', or null (also for visitors). */
  my_status: z.enum(['registered', 'waitlisted']).nullable(),
  /** The caller's place on the waitlist (1 = next), or null when not waitlisted. */
  waitlist_position: z.number().int().nullable(),
  /** The caller's guests (0..5), or null when not registered nor waitlisted. */
  my_guests: z.number().int().nullable(),
  /** When the caller was checked in (ISO 8601), or null. */
  checked_in_at: z.string().nullable(),
  /** True when the caller may see the attendees, export them and check people in (host or admin). */
  can_manage: z.boolean(),
  /** The space the event belongs to (its members alone see it when the space is members-only), or null. */
  community_id: z.number().int().nullable().optional(),
});
export type Event = z.infer<typeof eventSchema>;

/**
 * GET /api/events/?q=&upcoming=&cursor=&limit=: `q` matches title or category, case-insensitively;
 * `upcoming=true` keeps only events that have not started yet.
 */
export const eventsQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  upcoming: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Only the events of this space (its slug). */
  community: z.string().trim().min(1).max(100).optional(),
});
export type EventsQuery = z.input<typeof eventsQuerySchema>;

/** Events ordered by date (soonest first), cursor-paginated. */
export const eventPageSchema = paginated(eventSchema);

const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;

/** User-visible texts of the events page, word for word. */
export const EVENT_MESSAGES = {
  registered: "Successfully Registered! You'll receive a reminder before the event.",
  waitlisted: "The event is full: you are on the waitlist. We'll tell you as soon as a place opens.",
  notRegistered: 'This person is not registered for the event.',
  alreadyCheckedIn: 'This person is already checked in.',
  capacityMin: 'Ensure this value is greater than or equal to 1.',
  invalidStartsAt: 'Enter a valid date and time (ISO 8601).',
  endsBeforeStart: 'The end must be after the start.',
  invalidTimeZone: 'Enter a time zone by its IANA name, e.g. Europe/Oslo.',
} as const;

export const EVENT_LIMITS = {
  titleMax: 200,
  hostMax: 150,
  categoryMax: 100,
  venueMax: 300,
  timeZoneMax: 64,
  descriptionMax: 5_000,
  discussionMessageMax: 2_000,
  /** Registered people get a reminder e-mail this long before the start. */
  reminderLeadHours: 24,
  /** Guests one person may bring. */
  guestsMax: 5,
  capacityMax: 100_000,
} as const;

const requiredText = (max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong(max));
const optionalText = (max: number) => z.string().trim().max(max, tooLong(max));

/** An ISO 8601 date-time with a time zone (`Z` or an offset), e.g. 2030-05-01T17:00:00Z. */
const startsAtSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .pipe(z.iso.datetime({ offset: true, error: EVENT_MESSAGES.invalidStartsAt }));

/** An end time: like the start, or null / '' for none. */
const endsAtSchema = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  z
    .string()
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: EVENT_MESSAGES.invalidStartsAt }))
    .nullable(),
);

/** True for a time zone name of the IANA database that this runtime knows (Europe/Oslo, UTC). */
export function isIanaTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z
  .string({ error: REQUIRED })
  .trim()
  .max(EVENT_LIMITS.timeZoneMax, EVENT_MESSAGES.invalidTimeZone)
  .refine(isIanaTimeZone, EVENT_MESSAGES.invalidTimeZone);

/** "The end must be after the start", checked when a body carries both. */
function endAfterStart(value: { starts_at?: string; ends_at?: string | null }, ctx: z.RefinementCtx): void {
  if (!value.starts_at || !value.ends_at) return;
  if (Date.parse(value.ends_at) <= Date.parse(value.starts_at))
    ctx.addIssue({ code: 'custom', path: ['ends_at'], message: EVENT_MESSAGES.endsBeforeStart });
}

/** Places (people plus their guests), or null for unlimited. */
const capacitySchema = z
  .number({ error: 'A valid integer is required.' })
  .int('A valid integer is required.')
  .min(1, EVENT_MESSAGES.capacityMin)
  .max(EVENT_LIMITS.capacityMax, `Ensure this value is less than or equal to ${EVENT_LIMITS.capacityMax}.`)
  .nullable();

/** The same from a multipart field: a number, or '' / 'null' for unlimited. */
export const capacityFieldSchema = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '' || text === 'null') return null;
  return /^-?\d+$/.test(text) ? Number(text) : value;
}, capacitySchema);

/** An event's space by id; '' or 'null' (multipart) and null mean none (the whole hub). */
const eventSpaceSchema = z.preprocess(
  (value) => (value === '' || value === 'null' ? null : value),
  z.coerce.number().int().positive().max(2_147_483_647).nullable(),
);

/**
 * Body of POST /api/events/ (admin): JSON, or multipart/form-data with the same fields plus an
 * optional `image` file.
 */
export const createEventRequestSchema = z
  .object({
    title: requiredText(EVENT_LIMITS.titleMax),
    /** Start time, ISO 8601 with a time zone. */
    starts_at: startsAtSchema,
    /** End time, after the start; null / absent for none. */
    ends_at: endsAtSchema.default(null),
    /** IANA time zone the event is held in (default UTC). */
    time_zone: timeZoneSchema.default('UTC'),
    venue: optionalText(EVENT_LIMITS.venueMax).default(''),
    host: optionalText(EVENT_LIMITS.hostMax).default(''),
    category: optionalText(EVENT_LIMITS.categoryMax).default(''),
    description: optionalText(EVENT_LIMITS.descriptionMax).default(''),
    /** Places (people plus guests, at least 1), or null / absent for unlimited. */
    capacity: capacityFieldSchema.default(null),
    /** The space the event belongs to (multipart: '' for none); absent or null: the whole hub. */
    community_id: eventSpaceSchema.default(null),
  })
  .superRefine(endAfterStart);
export type CreateEventRequest = z.input<typeof createEventRequestSchema>;

/** Body of PATCH /api/events/{id}/ (admin): any subset of the create fields (and an optional image). */
export const updateEventRequestSchema = z
  .object({
    title: requiredText(EVENT_LIMITS.titleMax).optional(),
    starts_at: startsAtSchema.optional(),
    /** Checked against the stored start when the body carries no start. */
    ends_at: endsAtSchema.optional(),
    time_zone: timeZoneSchema.optional(),
    venue: optionalText(EVENT_LIMITS.venueMax).optional(),
    host: optionalText(EVENT_LIMITS.hostMax).optional(),
    category: optionalText(EVENT_LIMITS.categoryMax).optional(),
    description: optionalText(EVENT_LIMITS.descriptionMax).optional(),
    /** A larger capacity promotes the first waitlisted people at once; a smaller one removes nobody. */
    capacity: capacityFieldSchema.optional(),
    /** Moves the event to another space, or to the whole hub with null. */
    community_id: eventSpaceSchema.optional(),
  })
  .superRefine(endAfterStart);
export type UpdateEventRequest = z.input<typeof updateEventRequestSchema>;

export const eventIdParamsSchema = z.object({ id: idSchema });

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
