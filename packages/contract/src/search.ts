import { z } from 'zod';
import { userSummarySchema } from './users';

/** GET /api/search-users/?q= (also /users/search-users/): blank q answers []. */
export const searchUsersQuerySchema = z.object({ q: z.string().max(200).optional() });
export type SearchUsersQuery = z.input<typeof searchUsersQuerySchema>;

/**
 * Verified, active people whose first name, last name or e-mail contains q (case-insensitive), or
 * whose id is q; at most LIMITS.searchResultsMax, exact id first, then prefix matches. A q without
 * three letters or digits in a row ("an", "7", "o'br") matches only the start of a name or e-mail,
 * or the id.
 */
export const searchUsersResultSchema = z.array(userSummarySchema);
export type SearchUsersResult = z.infer<typeof searchUsersResultSchema>;
