import { z } from 'zod';

/** A community of the hub (seeded with the specification's eight). */
export const communitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Name of a lucide icon, e.g. "code". */
  icon: z.string(),
  members_count: z.number().int(),
});
export type Community = z.infer<typeof communitySchema>;

/** An event card. */
export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  date: z.string(),
  host: z.string(),
  category: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  registrations_count: z.number().int(),
  /** True when the signed-in caller is registered; false for visitors. */
  registered: z.boolean(),
});
export type Event = z.infer<typeof eventSchema>;

export const eventsQuerySchema = z.object({ q: z.string().trim().max(200).optional() });
