import { z } from 'zod';
import { pageQuerySchema, paginated } from './common';

/** A community of the hub (seeded with the specification's eight). */
export const communitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Name of a lucide icon, e.g. "code". */
  icon: z.string(),
  members_count: z.number().int(),
  /** True when the caller (signed in with a bearer token) is a member; false for visitors. */
  is_member: z.boolean(),
});
export type Community = z.infer<typeof communitySchema>;

/** GET /api/communities/: every community, ordered by name (a small, bounded list). */
export const communityListSchema = z.array(communitySchema);

/** Path of GET /api/communities/{slug}/ and its join/leave actions. */
export const communitySlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });

/** Answer of POST /api/communities/{slug}/join/ and /leave/ (both idempotent). */
export const communityMembershipSchema = z.object({ is_member: z.boolean(), members_count: z.number().int() });
export type CommunityMembership = z.infer<typeof communityMembershipSchema>;

/** An event card. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Start time, ISO 8601. */
  date: z.string(),
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
});
export type EventsQuery = z.input<typeof eventsQuerySchema>;

/** Events ordered by date (soonest first), cursor-paginated. */
export const eventPageSchema = paginated(eventSchema);
