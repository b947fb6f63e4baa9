import { z } from 'zod';

/** The kinds of thing one search finds, in the order a mixed answer groups them. */
export const SEARCH_KINDS = ['people', 'posts', 'jobs', 'events', 'communities'] as const;
export const searchKindSchema = z.enum(SEARCH_KINDS);
export type SearchKind = z.infer<typeof searchKindSchema>;

/** Longest search text: a sentence, not a document (websearch_to_tsquery's work grows with it). */
export const SEARCH_TEXT_MAX = 200;

/**
 * Markers around each match inside a `snippet` (from PostgreSQL's ts_headline): two code points
 * of Unicode's private use area, which no keyboard types and the API strips from the searched
 * text. A client splits the snippet on them and marks the parts between as plain text nodes, so
 * no stored text is ever read as markup.
 */
export const SNIPPET_MATCH_START = '\uE000';
export const SNIPPET_MATCH_END = '\uE001';

/**
 * GET /api/search/?q=&type=&cursor=: `q` in web-search syntax ("quoted phrase", or, -word);
 * with `type`, one kind ranked best first and cursor-paginated; without, a few of each kind.
 */
export const searchEverythingQuerySchema = z.object({
  q: z.string().trim().min(1, 'Enter something to search for.').max(SEARCH_TEXT_MAX, `At most ${SEARCH_TEXT_MAX} characters.`),
  type: searchKindSchema.optional(),
  cursor: z.string().max(200).optional(),
});
export type SearchEverythingQuery = z.input<typeof searchEverythingQuerySchema>;

export const searchHitSchema = z.object({
  type: searchKindSchema,
  id: z.number().int(),
  /** A person's name, a post's author, a job's, event's or community's name. */
  title: z.string(),
  /** Text around the matches, each match between SNIPPET_MATCH_START and SNIPPET_MATCH_END. */
  snippet: z.string(),
  /** Where the web app shows it (a path of the app). */
  url: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/** Best first; `next` continues one kind (always null for a mixed answer). */
export const searchEverythingResultSchema = z.object({ results: z.array(searchHitSchema), next: z.string().nullable() });
export type SearchEverythingResult = z.infer<typeof searchEverythingResultSchema>;
