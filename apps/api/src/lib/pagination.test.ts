import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { decodeCursor, encodeCursor, likeContains, toPage } from './pagination';

describe('cursors', () => {
  it('round-trips a position', () => {
    const position = { at: new Date('2030-01-02T03:04:05.678Z'), id: 42 };
    expect(decodeCursor(encodeCursor(position))).toEqual(position);
  });

  it('rejects anything else with a 400 on cursor', () => {
    for (const bad of ['', 'abc', Buffer.from('2030-01-01|x').toString('base64url'), Buffer.from('nope|1').toString('base64url')]) {
      try {
        decodeCursor(bad);
        throw new Error(`accepted ${bad}`);
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).fields).toEqual({ cursor: ['Invalid cursor.'] });
      }
    }
  });

  it('builds a page from limit + 1 rows', () => {
    const rows = [1, 2, 3].map((id) => ({ id, at: new Date(id * 1000) }));
    const full = toPage(rows, 2, (row) => row);
    expect(full.items.map((row) => row.id)).toEqual([1, 2]);
    expect(decodeCursor(full.next ?? '')).toEqual({ id: 2, at: new Date(2000) });
    expect(toPage(rows, 3, (row) => row).next).toBeNull();
  });

  it('escapes LIKE wildcards', () => {
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
