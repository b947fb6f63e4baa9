/** At most this many distinct people are mentioned by one text (the rest stay plain text for the API). */
export const MENTIONS_PER_TEXT_MAX = 10;
/** Longest username (users.service USERNAME_MAX). */
export const MENTION_USERNAME_MAX = 30;

/**
 * A mention: '@' at the start or after a character that cannot end an e-mail's local part, a
 * path or an entity ("ann@example.com", "/@x", "&@x" are not mentions), then a username
 * (letters, digits, '_', matched case-insensitively), not followed by more name characters,
 * another '@' or a '.'/'-' joined to more text ("@example.com" is a domain, not a person).
 * Trailing punctuation ("@ann_lee," "(@ann_lee)") ends it. Both the API (which stores and
 * notifies) and the web app (which links) read texts with findMentions.
 */
export const MENTION_PATTERN = new RegExp(
  `(^|[^\\p{L}\\p{N}_@/&#.+\\-\`])@([A-Za-z0-9_]{1,${MENTION_USERNAME_MAX}})(?![\\p{L}\\p{N}_@]|[.\\-][\\p{L}\\p{N}_])`,
  'gu',
);

/** Code in a text (``` fenced blocks and `inline` spans): nothing in it is a mention. */
const CODE_PATTERN = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;

/** The text with its code replaced by spaces of the same length (positions stay). */
function withoutCode(text: string): string {
  return text.replace(CODE_PATTERN, (code) => ' '.repeat(code.length));
}

/** One mention in a text: where it starts ('@') and ends, and the username lower-cased. */
export type MentionMatch = { start: number; end: number; username: string };

/** Every mention of a text in order (repeats included, none in code). */
export function findMentions(text: string): MentionMatch[] {
  const found: MentionMatch[] = [];
  for (const match of withoutCode(text).matchAll(MENTION_PATTERN)) {
    const name = match[2] ?? '';
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    found.push({ start, end: start + 1 + name.length, username: name.toLowerCase() });
  }
  return found;
}

/** The distinct usernames a text mentions, lower-cased, in order of appearance, at most MENTIONS_PER_TEXT_MAX. */
export function extractMentions(text: string): string[] {
  const usernames = new Set<string>();
  for (const { username } of findMentions(text)) {
    usernames.add(username);
    if (usernames.size >= MENTIONS_PER_TEXT_MAX) break;
  }
  return [...usernames];
}
