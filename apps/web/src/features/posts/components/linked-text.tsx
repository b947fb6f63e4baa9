import { findMentions, HASHTAG_PATTERN } from '@alumlink/contract';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { mentionHref, tagHref } from '@/config/paths';

/** A piece of a text: plain, a #tag (lower-cased) or an @mention (the username, lower-cased). */
export type LinkedTextPart = { text: string; tag?: string; mention?: string };

type Marked = { start: number; end: number; tag?: string; mention?: string };

/**
 * A text's plain parts, its hashtags and its mentions, in order: HASHTAG_PATTERN and findMentions,
 * the ones the API stores tags and mentions by.
 */
export function linkedTextParts(text: string): LinkedTextPart[] {
  const marks: Marked[] = [];
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const tag = match[2] ?? '';
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    marks.push({ start, end: start + tag.length + 1, tag: tag.toLowerCase() });
  }
  for (const mention of findMentions(text)) marks.push({ start: mention.start, end: mention.end, mention: mention.username });
  marks.sort((a, b) => a.start - b.start);
  const parts: LinkedTextPart[] = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.start < at) continue; // overlaps the previous mark
    if (mark.start > at) parts.push({ text: text.slice(at, mark.start) });
    const { start, end, ...kind } = mark;
    parts.push({ text: text.slice(start, end), ...kind });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** A post's or comment's text with each #tag a link to the tag's page and each @mention a link to the person; the rest plain text. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkedTextParts(text).map((part, index) =>
        part.tag || part.mention ? (
          <Link
            key={index}
            to={part.tag ? tagHref(part.tag) : mentionHref(part.mention ?? '')}
            className="font-medium text-accent-fg hover:underline"
          >
            {part.text}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
