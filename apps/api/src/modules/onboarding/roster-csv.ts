import { Readable, Transform, type TransformCallback } from 'node:stream';
import { ROSTER_COLUMNS, ROSTER_LIMITS, ROSTER_MESSAGES, ROSTER_REQUIRED_COLUMNS } from '@alumlink/contract';
import { CsvError, parse } from 'csv-parse';
import { badRequest, tooLarge } from '../../lib/errors';

/** One data row of a roster file, its cells trimmed ('' when the column is absent). */
export type RosterRecord = {
  line: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  cohort: string;
};

type Column = (typeof ROSTER_COLUMNS)[number];

/** Counts bytes through; past `max` the stream fails with a 413. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) done(tooLarge(ROSTER_MESSAGES.tooLarge, 'file_too_large'));
    else done(null, chunk);
  }
}

/** "First Name", "first-name", "E-mail" → first_name, email. */
function columnOf(header: string): Column | null {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const name = key === 'e_mail' ? 'email' : key;
  return (ROSTER_COLUMNS as readonly string[]).includes(name) ? (name as Column) : null;
}

function headerPositions(cells: string[]): Map<Column, number> {
  const positions = new Map<Column, number>();
  cells.forEach((cell, index) => {
    const column = columnOf(cell);
    if (column && !positions.has(column)) positions.set(column, index);
  });
  if (!ROSTER_REQUIRED_COLUMNS.every((column) => positions.has(column))) throw badRequest(ROSTER_MESSAGES.missingHeader, 'missing_header');
  return positions;
}

/**
 * Reads a roster CSV as a stream with csv-parse and yields its data rows in batches of `batchSize`
 * (the header row names the columns, in any order; a UTF-8 BOM, blank lines and extra columns are
 * fine). Memory holds one batch. Throws a 400 for a missing header, malformed CSV or more than
 * ROSTER_LIMITS.maxRows rows, a 413 past ROSTER_LIMITS.maxBytes.
 */
export async function* readRosterBatches(
  source: Readable | Buffer,
  batchSize: number = ROSTER_LIMITS.batchSize,
): AsyncGenerator<RosterRecord[]> {
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const limit = new ByteLimit(ROSTER_LIMITS.maxBytes);
  const parser = parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, info: true, max_record_size: 64 * 1024 });
  input.on('error', (error) => limit.destroy(error));
  input
    .pipe(limit)
    .on('error', (error) => parser.destroy(error))
    .pipe(parser);
  let positions: Map<Column, number> | null = null;
  let batch: RosterRecord[] = [];
  let rows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!positions) {
        positions = headerPositions(record);
        continue;
      }
      rows += 1;
      if (rows > ROSTER_LIMITS.maxRows) throw badRequest(ROSTER_MESSAGES.tooManyRows, 'too_many_rows');
      const cell = (column: Column) => {
        const index = positions?.get(column);
        return index === undefined ? '' : (record[index] ?? '');
      };
      batch.push({
        line: info.lines,
        email: cell('email'),
        first_name: cell('first_name'),
        last_name: cell('last_name'),
        role: cell('role'),
        cohort: cell('cohort'),
      });
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`${ROSTER_MESSAGES.malformed}: ${error.message}`, 'invalid_csv');
    throw error;
  } finally {
    input.unpipe();
    if (!input.destroyed) input.resume();
  }
  if (!positions) throw badRequest(ROSTER_MESSAGES.missingHeader, 'missing_header');
  if (batch.length > 0) yield batch;
  if (rows === 0) throw badRequest(ROSTER_MESSAGES.empty, 'empty_roster');
}

/** Reads a whole roster once to check it (header, CSV, limits) and count its rows. */
export async function countRosterRows(source: Buffer): Promise<number> {
  let rows = 0;
  for await (const batch of readRosterBatches(source)) rows += batch.length;
  return rows;
}
