import { MENTION_USERNAME_MAX } from '@alumlink/contract';

/** An @mention being typed: where its '@' is and the text typed after it. */
export type MentionQuery = { start: number; query: string };

// The same start rule as MENTION_PATTERN (contract): not after a word, an e-mail's local part or a path.
const TYPED_MENTION = new RegExp(`(^|[^\\p{L}\\p{N}_@/&#.+\\-\`])@([A-Za-z0-9_]{1,${MENTION_USERNAME_MAX}})$`, 'u');

/** The mention being typed just before the caret, or null ("ann@ex" and "@" alone are none). */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const match = TYPED_MENTION.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** The people search's text for a typed username: its parts as words ("ann_le" → "ann le"). */
export function searchTextOf(query: string): string {
  return query.replace(/_+/g, ' ').trim();
}

/** The text with the typed mention replaced by `@username ` and the caret after it. */
export function applyMention(text: string, caret: number, typed: MentionQuery, username: string): { text: string; caret: number } {
  const before = text.slice(0, typed.start);
  const after = text.slice(caret).replace(/^[A-Za-z0-9_]*/, '');
  const inserted = `@${username}${after.startsWith(' ') ? '' : ' '}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}
