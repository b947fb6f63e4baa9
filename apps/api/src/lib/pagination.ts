import { validation } from './errors';

/** Position of a row in a keyset-ordered list: a timestamp and the id that breaks ties. */
export type CursorPosition = { at: Date; id: number };

/** Opaque cursor for `?cursor=`: base64url of `<ISO time>|<id>`. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.at.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

/** Decodes a cursor made by encodeCursor; a 400 `{cursor: [...]}` for anything else. */
export function decodeCursor(cursor: string): CursorPosition {
  const invalid = validation({ cursor: ['Invalid cursor.'] });
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|(\d{1,10})$/.exec(text);
  if (!match?.[1] || !match[2]) throw invalid;
  const at = new Date(match[1]);
  const id = Number(match[2]);
  if (Number.isNaN(at.getTime()) || !Number.isSafeInteger(id)) throw invalid;
  return { at, id };
}

/**
 * Turns `limit + 1` fetched rows into one page: the first `limit` rows and the cursor of the
 * last one when more rows exist.
 */
export function toPage<TRow>(rows: TRow[], limit: number, positionOf: (row: TRow) => CursorPosition) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const next = rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null;
  return { items, next };
}

/** Escapes %, _ and \ so user text is matched literally inside a LIKE pattern. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
