import { HASHTAG_PATTERN } from '@alumlink/contract';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { tagHref } from '@/config/paths';

/** A text's plain parts and its hashtags, in order (HASHTAG_PATTERN, the one the API stores tags by). */
export function linkedTextParts(text: string): { text: string; tag?: string }[] {
  const parts: { text: string; tag?: string }[] = [];
  let at = 0;
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    const tag = match[2] ?? '';
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: `#${tag}`, tag: tag.toLowerCase() });
    at = start + tag.length + 1;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** A post's text with each #tag a link to the tag's page; everything else plain text. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkedTextParts(text).map((part, index) =>
        part.tag ? (
          <Link key={index} to={tagHref(part.tag)} className="font-medium text-accent-fg hover:underline">
            {part.text}
          </Link>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
