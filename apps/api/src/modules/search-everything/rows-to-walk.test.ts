import { describe, expect, it } from 'vitest';
import { LOOKUP_COST_IN_ROWS_WALKED, PROBE_ROWS, RANKED_MATCHES_MAX, rowsToWalk, WALK_ROWS_MAX, walkOfStatement } from './search-walks';

const probe = (walked: number, matches: number, newestId = 1_000_000) => ({ walked, matches, newestId });

describe('rowsToWalk: walking the newest rows or the GIN lookup', () => {
  it('looks a word up in the GIN index when the table is smaller than the probe or the newest rows hold it nowhere', () => {
    expect(rowsToWalk(probe(PROBE_ROWS - 1, 500))).toBeNull();
    expect(rowsToWalk(probe(PROBE_ROWS, 0))).toBeNull();
  });

  it('walks about RANKED_MATCHES_MAX ÷ frequency rows, a quarter more, at least the probe', () => {
    expect(rowsToWalk(probe(1_000, 142))).toBe(Math.ceil(((RANKED_MATCHES_MAX * 1_000) / 142) * 1.25));
    expect(rowsToWalk(probe(1_000, 1_000))).toBe(PROBE_ROWS);
  });

  it('walks WALK_ROWS_MAX rows for a word of middling frequency whose matches cost more to look up', () => {
    const rarest = Math.ceil((RANKED_MATCHES_MAX * 1_000 * 1.25) / WALK_ROWS_MAX);
    expect(rowsToWalk(probe(1_000, rarest))).toBeLessThanOrEqual(WALK_ROWS_MAX);
    expect(rowsToWalk(probe(1_000, rarest - 1))).toBe(WALK_ROWS_MAX);
    // A 1.6 % word among a million rows: 16,000 matches to look up.
    expect(rowsToWalk(probe(1_000, 16))).toBe(WALK_ROWS_MAX);
  });

  it('looks a word up when its matches in the whole table cost less than walking WALK_ROWS_MAX rows', () => {
    // A 1.6 % word among 200,000 rows (the default bench scale): 3,200 matches, cheaper to look up than 20,000 rows to walk.
    expect(rowsToWalk(probe(1_000, 16, 200_000))).toBeNull();
    // Two in a thousand among 10,000 rows: 20 matches.
    expect(rowsToWalk(probe(1_000, 2, 10_000))).toBeNull();
    const breakEven = WALK_ROWS_MAX / LOOKUP_COST_IN_ROWS_WALKED;
    expect(rowsToWalk(probe(1_000, 1, breakEven * 1_000))).toBeNull();
    expect(rowsToWalk(probe(1_000, 1, breakEven * 1_000 + 1_000))).toBe(WALK_ROWS_MAX);
  });
});

describe('walkOfStatement: a few walk lengths, one prepared statement each', () => {
  it('rounds a walk up to the probe times a power of two, at most WALK_ROWS_MAX', () => {
    expect(walkOfStatement(PROBE_ROWS)).toBe(PROBE_ROWS);
    expect(walkOfStatement(PROBE_ROWS + 1)).toBe(2 * PROBE_ROWS);
    expect(walkOfStatement(4_433)).toBe(8 * PROBE_ROWS);
    expect(walkOfStatement(WALK_ROWS_MAX - 1)).toBe(WALK_ROWS_MAX);
    expect(walkOfStatement(WALK_ROWS_MAX)).toBe(WALK_ROWS_MAX);
    const lengths = new Set(Array.from({ length: WALK_ROWS_MAX - PROBE_ROWS + 1 }, (_, index) => walkOfStatement(PROBE_ROWS + index)));
    expect(lengths.size).toBeLessThanOrEqual(6);
  });
});
