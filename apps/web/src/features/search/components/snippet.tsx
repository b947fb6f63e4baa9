import { SNIPPET_MATCH_END, SNIPPET_MATCH_START } from '@alumlink/contract';

/**
 * The parts of a search snippet: the text between SNIPPET_MATCH_START and SNIPPET_MATCH_END is a
 * match. Splitting (never parsing HTML) keeps every stored character plain text.
 */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const [index, piece] of snippet.split(SNIPPET_MATCH_START).entries()) {
    const [inside, after] = index === 0 ? [null, piece] : splitOnce(piece, SNIPPET_MATCH_END);
    if (inside) parts.push({ text: inside, match: true });
    if (after) parts.push({ text: after, match: false });
  }
  return parts;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** A search snippet with its matches in <mark>, as React text nodes. */
export function Snippet({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className}>
      {snippetParts(text).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-primary-soft px-0.5 font-semibold text-primary-soft-fg">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </span>
  );
}
