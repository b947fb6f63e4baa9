import { z } from 'zod';
import { pageQuerySchema } from './common';

/** Longest tag (without '#'). */
export const HASHTAG_MAX = 50;
/** At most this many tags of one text are stored (the rest are plain text). */
export const HASHTAGS_PER_TEXT_MAX = 20;

/**
 * A hashtag in a text: '#' at the start or after a character that cannot be part of a word or an
 * entity ("a#b" and "&#39;" are not tags), then letters, digits or '_' with at least one letter
 * ("#1" is a number, not a tag). Both the API (which stores tags) and the web app (which links
 * them) read texts with this pattern; matching is case-insensitive, tags are stored lower-cased.
 */
export const HASHTAG_PATTERN = new RegExp(`(^|[^\\p{L}\\p{N}_&#/])#([\\p{L}\\p{N}_]*\\p{L}[\\p{L}\\p{N}_]*)`, 'gu');

/** A tag as stored and as in URLs: lower-cased, without '#'. */
export const hashtagSchema = z
  .string()
  .trim()
  .transform((tag) => tag.replace(/^#/, '').toLowerCase())
  .pipe(
    z
      .string()
      .regex(/^[\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*$/u, 'Not a hashtag.')
      .max(HASHTAG_MAX),
  );

/** The distinct tags of a text, lower-cased, in order of appearance, at most HASHTAGS_PER_TEXT_MAX. */
export function extractHashtags(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const tag = match[2]?.toLowerCase();
    if (tag && tag.length <= HASHTAG_MAX) tags.add(tag);
    if (tags.size >= HASHTAGS_PER_TEXT_MAX) break;
  }
  return [...tags];
}

/** GET /social/posts/?tag=&cursor=&limit=: the feed, or only the posts carrying a tag. */
export const feedQuerySchema = pageQuerySchema.extend({ tag: hashtagSchema.optional() });
export type FeedQuery = z.input<typeof feedQuerySchema>;

/** GET /api/tags/trending/: the tags of the most live posts the viewer may see in the last 7 days. */
export const trendingTagSchema = z.object({ tag: z.string(), count: z.number().int() });
export const trendingTagsSchema = z.object({ results: z.array(trendingTagSchema) });
export type TrendingTags = z.infer<typeof trendingTagsSchema>;
