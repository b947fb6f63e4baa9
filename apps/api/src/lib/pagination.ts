import { validation } from './errors';

/**
 * Every cursor format of the API lives here. Cursors are opaque to clients (base64url text);
 * a cursor that does not decode is a 400 `{cursor: ['Invalid cursor.']}`.
 */

/** The largest PostgreSQL integer: larger than any id. */
export const MAX_ID = 2_147_483_647;

/** Position of a row in a keyset-ordered list: a timestamp and the id that breaks ties. */
export type CursorPosition = { at: Date; id: number };

const invalidCursor = () => validation({ cursor: ['Invalid cursor.'] });
const textOf = (cursor: string) => Buffer.from(cursor, 'base64url').toString('utf8');
const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/**
 * The (beforeAt, beforeId) placeholders of a newest-first keyset page: rows strictly before
 * `before`; omitted, the first page, whose position ('infinity', MAX_ID) sorts after every row.
 */
export function beforeParams(before: CursorPosition | undefined): { beforeAt: string; beforeId: number } {
  return { beforeAt: before ? before.at.toISOString() : 'infinity', beforeId: before ? before.id : MAX_ID };
}

/** Opaque cursor for `?cursor=`: base64url of `<ISO time>|<id>`. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(`${position.at.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

/** Decodes a cursor made by encodeCursor; a 400 `{cursor: [...]}` for anything else. */
export function decodeCursor(cursor: string): CursorPosition {
  // The error is made only when thrown: making it captures a stack trace (every deep feed page paid for one).
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|(\d{1,10})$/.exec(textOf(cursor));
  if (!match?.[1] || !match[2]) throw invalidCursor();
  const at = new Date(match[1]);
  const id = Number(match[2]);
  if (Number.isNaN(at.getTime()) || !Number.isSafeInteger(id)) throw invalidCursor();
  return { at, id };
}

/** Cursor of an id-ordered list: base64url of `id:<n>`. */
export function encodeIdCursor(id: number): string {
  return cursorOf(`id:${id}`);
}

export function decodeIdCursor(cursor: string): number {
  const match = /^id:(\d{1,10})$/.exec(textOf(cursor));
  const id = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!Number.isSafeInteger(id) || id > MAX_ID) throw invalidCursor();
  return id;
}

/** Position in a list ordered by a count, then a time, then an id (the reports queue). */
export type CountedPosition = { count: number; at: Date; id: number };

/** Cursor of a CountedPosition: base64url of `<count>|<ISO time>|<id>`. */
export function encodeCountedCursor(position: CountedPosition): string {
  return cursorOf(`${position.count}|${position.at.toISOString()}|${position.id}`);
}

export function decodeCountedCursor(cursor: string): CountedPosition {
  const match = /^(\d{1,9})\|(\d{4}-\d{2}-\d{2}T[\d:.]+Z)\|(\d{1,10})$/.exec(textOf(cursor));
  const at = new Date(match?.[2] ?? '');
  if (!match || Number.isNaN(at.getTime()) || Number(match[3]) > MAX_ID) throw invalidCursor();
  return { count: Number(match[1]), at, id: Number(match[3]) };
}

/**
 * Position in a list ordered by a small load (0..99), then an id (mentors). `rest` marks a list
 * in two parts (mentors of a topic, then the others) once the position is in the second part.
 */
export type LoadPosition = { load: number; id: number; rest?: boolean };

/** Cursor of a LoadPosition: base64url of `<load>|<id>`, with `|r` in the second part. */
export function encodeLoadCursor(position: LoadPosition): string {
  return cursorOf(`${position.load}|${position.id}${position.rest ? '|r' : ''}`);
}

export function decodeLoadCursor(cursor: string): LoadPosition {
  const match = /^(\d{1,2})\|(\d{1,10})(\|r)?$/.exec(textOf(cursor));
  const load = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !Number.isSafeInteger(load) || !Number.isSafeInteger(id) || id > MAX_ID) throw invalidCursor();
  return match[3] ? { load, id, rest: true } : { load, id };
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

/** Position in a list ranked by a text-search score (a PostgreSQL real), then an id (search everything). */
export type RankPosition = { rank: number; id: number };

/** Cursor of a RankPosition: base64url of `<rank>|<id>`; the rank as JavaScript writes it, which reads back exactly. */
export function encodeRankCursor(position: RankPosition): string {
  return cursorOf(`${position.rank}|${position.id}`);
}

export function decodeRankCursor(cursor: string): RankPosition {
  const match = /^(\d{1,3}(?:\.\d{1,30})?(?:e-\d{1,2})?)\|(\d{1,10})$/.exec(textOf(cursor));
  const rank = Number(match?.[1]);
  const id = Number(match?.[2]);
  if (!match || !Number.isFinite(rank) || !Number.isSafeInteger(id) || id > MAX_ID) throw invalidCursor();
  return { rank, id };
}
