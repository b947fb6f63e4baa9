import { describe, expect, it } from 'vitest';
import { PROBE_ROWS, RANKED_MATCHES_MAX, rowsToWalk, WALK_ROWS_MAX } from './search-everything.repository';

describe('rowsToWalk: walking the newest rows or the GIN lookup', () => {
  it('looks a word up in the GIN index when the table is smaller than the probe or the newest rows hold it nowhere', () => {
    expect(rowsToWalk(PROBE_ROWS - 1, 500)).toBeNull();
    expect(rowsToWalk(PROBE_ROWS, 0)).toBeNull();
  });

  it('walks about RANKED_MATCHES_MAX ÷ frequency rows, a quarter more, at least the probe', () => {
    expect(rowsToWalk(1_000, 142)).toBe(Math.ceil(((RANKED_MATCHES_MAX * 1_000) / 142) * 1.25));
    expect(rowsToWalk(1_000, 1_000)).toBe(PROBE_ROWS);
  });

  it('looks the word up in the GIN index when the walk would pass WALK_ROWS_MAX', () => {
    const rarest = Math.ceil((RANKED_MATCHES_MAX * 1_000 * 1.25) / WALK_ROWS_MAX);
    expect(rowsToWalk(1_000, rarest)).not.toBeNull();
    expect(rowsToWalk(1_000, rarest - 1)).toBeNull();
  });
});
