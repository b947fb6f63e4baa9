import { z } from 'zod';
import { EVENT_LIMITS, EVENT_MESSAGES, isIanaTimeZone, type CreateEventRequest, type Event } from '@alumlink/contract';
import { isoToZonedLocal, zonedLocalToIso } from './zoned-time';

const REQUIRED = 'This field is required.';
const text = (max: number) => z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`);

/**
 * What the event form holds: the start and end as wall-clock times in the event's time zone. The
 * same rules as the server's (end after start, an IANA time zone), checked before sending.
 */
export const eventFormSchema = z
  .object({
    title: text(EVENT_LIMITS.titleMax).min(1, REQUIRED),
    starts_local: z.string().min(1, REQUIRED),
    ends_local: z.string().min(1, REQUIRED),
    time_zone: z.string().trim().min(1, REQUIRED).refine(isIanaTimeZone, EVENT_MESSAGES.invalidTimeZone),
    venue: text(EVENT_LIMITS.venueMax).min(1, REQUIRED),
    host: text(EVENT_LIMITS.hostMax),
    category: text(EVENT_LIMITS.categoryMax),
    description: text(EVENT_LIMITS.descriptionMax),
    capacity: z.string().regex(/^\d*$/, 'A valid integer is required.'),
    /** The community space's id, or '' for the whole hub. */
    community_id: z.string().regex(/^\d*$/, 'Choose a space from the list.').optional(),
  })
  .superRefine((values, ctx) => {
    if (values.starts_local && values.ends_local && values.ends_local <= values.starts_local)
      ctx.addIssue({ code: 'custom', path: ['ends_local'], message: EVENT_MESSAGES.endsBeforeStart });
    if (values.capacity !== '' && Number(values.capacity) < 1)
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: EVENT_MESSAGES.capacityMin });
  });
export type EventFormValues = z.infer<typeof eventFormSchema>;

/** The form's starting values: the event's, or empty ones in the viewer's time zone. */
export function eventFormValues(event: Event | null, viewerZone: string): EventFormValues {
  const zone = event?.time_zone ?? viewerZone;
  return {
    title: event?.title ?? '',
    starts_local: isoToZonedLocal(event?.date ?? null, zone),
    ends_local: isoToZonedLocal(event?.ends_at ?? null, zone),
    time_zone: zone,
    venue: event?.venue ?? '',
    host: event?.host ?? '',
    category: event?.category ?? '',
    description: event?.description ?? '',
    capacity: event?.capacity === null || event?.capacity === undefined ? '' : String(event.capacity),
    community_id: event?.community_id ? String(event.community_id) : '',
  };
}

/** The checked form → the body of POST or PATCH /api/events/. */
export function eventRequestOf(values: EventFormValues): CreateEventRequest {
  return {
    title: values.title,
    starts_at: zonedLocalToIso(values.starts_local, values.time_zone) ?? values.starts_local,
    ends_at: zonedLocalToIso(values.ends_local, values.time_zone) ?? values.ends_local,
    time_zone: values.time_zone,
    venue: values.venue,
    host: values.host,
    category: values.category,
    description: values.description,
    capacity: values.capacity === '' ? null : Number(values.capacity),
    community_id: values.community_id ? Number(values.community_id) : null,
  };
}

/** The server's field names → the form's (its times are the form's local ones). */
export const SERVER_FIELDS = {
  title: 'title',
  starts_at: 'starts_local',
  ends_at: 'ends_local',
  time_zone: 'time_zone',
  venue: 'venue',
  host: 'host',
  category: 'category',
  description: 'description',
  capacity: 'capacity',
  community_id: 'community_id',
} as const satisfies Record<string, keyof EventFormValues>;
