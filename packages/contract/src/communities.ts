import { z } from 'zod';
import { paginated } from './common';
import { userSummarySchema } from './users';

/** Who reads a space's posts: everyone who may see their authors, or its members alone (DESIGN 9.3). */
export const COMMUNITY_VISIBILITIES = ['public', 'members'] as const;
export const communityVisibilitySchema = z.enum(COMMUNITY_VISIBILITIES);
export type CommunityVisibility = z.infer<typeof communityVisibilitySchema>;

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
  /** "members": the space's posts reach its members (and administrators) alone, on every route. */
  visibility: communityVisibilitySchema,
});
export type Community = z.infer<typeof communitySchema>;

/** GET /api/communities/: every community, ordered by name (a small, bounded list). */
export const communityListSchema = z.array(communitySchema);

/** Path of GET /api/communities/{slug}/ and its join/leave actions. */
export const communitySlugParamsSchema = z.object({ slug: z.string().trim().min(1).max(100) });

/** Answer of POST /api/communities/{slug}/join/ and /leave/ (both idempotent). */
export const communityMembershipSchema = z.object({ is_member: z.boolean(), members_count: z.number().int() });
export type CommunityMembership = z.infer<typeof communityMembershipSchema>;

/** PATCH /api/communities/{slug}/ (administrators): what may change on a space. */
export const updateCommunityRequestSchema = z.object({ visibility: communityVisibilitySchema });
export type UpdateCommunityRequest = z.infer<typeof updateCommunityRequestSchema>;

/** Body of POST and DELETE /api/communities/{slug}/moderators/ (administrators). */
export const communityModeratorRequestSchema = z.object({ user_id: z.number().int().positive().max(2_147_483_647) });
export type CommunityModeratorRequest = z.infer<typeof communityModeratorRequestSchema>;

/** GET /api/communities/{slug}/moderators/: the space's moderators the caller may see, by name. */
export const communityModeratorListSchema = z.object({ results: z.array(userSummarySchema) });
export type CommunityModeratorList = z.infer<typeof communityModeratorListSchema>;

/** GET /api/communities/{slug}/members/?cursor=: its members the caller may see, newest first (members alone for a members-only space). */
export const communityMemberPageSchema = paginated(userSummarySchema);
export type CommunityMemberPage = z.infer<typeof communityMemberPageSchema>;
