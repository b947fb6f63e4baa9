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
