/**
 * The look of a person without a picture: their initials on a colour of their own. The colours
 * are the tokens --avatar-0 .. --avatar-9 (background) and --avatar-N-fg (initials) of
 * tokens.css, one pair per theme, each with AA contrast (avatar-tone.test.ts measures it).
 */
export const AVATAR_TONES = [
  'bg-avatar-0 text-avatar-0-fg',
  'bg-avatar-1 text-avatar-1-fg',
  'bg-avatar-2 text-avatar-2-fg',
  'bg-avatar-3 text-avatar-3-fg',
  'bg-avatar-4 text-avatar-4-fg',
  'bg-avatar-5 text-avatar-5-fg',
  'bg-avatar-6 text-avatar-6-fg',
  'bg-avatar-7 text-avatar-7-fg',
  'bg-avatar-8 text-avatar-8-fg',
  'bg-avatar-9 text-avatar-9-fg',
] as const;

/** Someone with no id (a person who deleted their account): no colour of their own. */
export const NEUTRAL_TONE = 'bg-surface-muted text-fg-muted';

/**
 * The tone of a person: the same for one id on every screen and every visit. Stepping 3 tones
 * per id gives any ten consecutive ids (people who joined together) ten different colours, and
 * neighbours hues far apart.
 */
export function avatarToneOf(personId: number | null | undefined): string {
  if (personId === null || personId === undefined) return NEUTRAL_TONE;
  return AVATAR_TONES[Math.abs(personId * 3) % AVATAR_TONES.length] ?? NEUTRAL_TONE;
}

const firstLetter = (word: string | undefined) => Array.from(word ?? '').find((character) => /[\p{L}\p{N}]/u.test(character)) ?? '';

/**
 * Up to two initials of a display name (the contract's displayName rule: "First Last", else the
 * e-mail, else 'Anonymous'): the first letters of its first and last words, one letter for an
 * e-mail or a single word, '?' when there is no letter at all.
 */
export function initialsOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.includes('@') && !/\s/.test(trimmed)) return firstLetter(trimmed).toLocaleUpperCase() || '?';
  const words = trimmed.split(/\s+/).filter((word) => firstLetter(word) !== '');
  const initials = words.length > 1 ? firstLetter(words[0]) + firstLetter(words.at(-1)) : firstLetter(words[0]);
  return initials.toLocaleUpperCase() || '?';
}
