import { describe, expect, it } from 'vitest';
import type { LoadResult } from './http-load';
import type { ClassResult, OpenLoopResult } from './open-loop';
import { formatMixed, formatVerdicts, formatWindows, judgeMixed, judgeTargets, type ResultRow } from './report';

const cls = (kind: string, p99: number, errors = 0): ClassResult => ({
  kind,
  count: 100,
  errors,
  failures: errors > 0 ? { 500: errors } : {},
  p50: p99 / 2,
  p99,
  max: p99 + 1,
});

function mixed(overrides: Partial<Record<string, ClassResult>> = {}, achievedRate = 1_500): OpenLoopResult {
  const classes = [cls('feed', 25), cls('typeahead', 20), cls('profile', 24), cls('like', 50), cls('comment', 40), cls('message', 45)].map(
    (entry) => overrides[entry.kind] ?? entry,
  );
  return {
    rate: 1_500,
    seconds: 20,
    scheduled: 30_000,
    answered: 30_000,
    achievedRate,
    sendLagP99: 0.4,
    sendLagMax: 3,
    maxInFlight: 40,
    generatorCpuPerRequest: 0.05,
    classes,
    windows: [],
  };
}

const feed = (requestsPerSecond: number, non2xx = 0): LoadResult => ({
  requests: requestsPerSecond * 6,
  seconds: 6,
  requestsPerSecond,
  p50: 8,
  p99: 20,
  non2xx,
  errors: 0,
  statuses: { 200: requestsPerSecond * 6 },
});

const missed = (result: OpenLoopResult, feedResult?: LoadResult, connections = 32) =>
  judgeMixed(result, feedResult, connections)
    .filter((verdict) => !verdict.met)
    .map((verdict) => verdict.target);

describe('judgeMixed', () => {
  it('meets every target at the limits: reads p99 <= 25 ms, writes p99 <= 50 ms, no errors, feed >= 3,400 req/s at 32 connections', () => {
    const verdicts = judgeMixed(mixed(), feed(3_400), 32);
    expect(verdicts).toHaveLength(8);
    expect(verdicts.every((verdict) => verdict.met)).toBe(true);
    expect(formatVerdicts(verdicts)).toContain('- MET  feed ≥ 3,400 req/s at 32 connections (closed loop): 3400 req/s at 32 connections');
  });

  it('misses a read over 25 ms, a write over 50 ms, any error, a rate not achieved, and the feed below 3,400 or at other connections', () => {
    expect(missed(mixed({ typeahead: cls('typeahead', 25.1) }))).toEqual(['mixed 1500/s: typeahead (read) p99 ≤ 25 ms']);
    expect(missed(mixed({ message: cls('message', 50.5) }))).toEqual(['mixed 1500/s: message (write) p99 ≤ 50 ms']);
    expect(missed(mixed({ like: cls('like', 10, 1) }))).toEqual(['mixed 1500/s: no errors, answered ≥ 99% of the rate']);
    expect(missed(mixed({}, 1_450))).toEqual(['mixed 1500/s: no errors, answered ≥ 99% of the rate']);
    expect(missed(mixed(), feed(3_399))).toEqual(['feed ≥ 3,400 req/s at 32 connections (closed loop)']);
    expect(missed(mixed(), feed(5_000), 64)).toEqual(['feed ≥ 3,400 req/s at 32 connections (closed loop)']);
    expect(missed(mixed(), feed(5_000, 3))).toEqual(['feed ≥ 3,400 req/s at 32 connections (closed loop)']);
  });

  it('prints the one-round-trip floor of the same run with the feed, without changing the verdict', () => {
    const [feedVerdict] = judgeMixed(mixed(), feed(1_800), 32, feed(4_000)).slice(-1);
    expect(feedVerdict).toMatchObject({ met: false });
    expect(feedVerdict?.measured).toBe(
      '1800 req/s at 32 connections; one database round trip and no work (GET /readyz) served 4000 req/s in the same run, the feed 45% of it',
    );
    expect(judgeMixed(mixed(), feed(3_400), 32, feed(4_000)).every((verdict) => verdict.met)).toBe(true);
  });

  it('a class that was not measured is missed, not skipped', () => {
    const result = mixed();
    result.classes = result.classes.filter((entry) => entry.kind !== 'comment');
    expect(missed(result)).toEqual(['mixed 1500/s: comment (write) p99 ≤ 50 ms']);
  });

  it('prints one row per class with its errors, and the generator figures', () => {
    const table = formatMixed(mixed({ comment: cls('comment', 30, 2) }), { api: 0.7, database: 0.4 });
    expect(table).toContain('| comment: comment | 4% | 100 | 15.0 | 30.0 | 31 | ≤ 50 | **2** (2×500) |');
    expect(table).toContain('| feed: feed pages');
    expect(table).toMatch(/30000 requests scheduled at 1500\/s for 20 s, 30000 answered \(1500\/s\)/);
    expect(table).toContain('0.05 ms of its own CPU per request; server CPU 0.70 + 0.40 ms per answered request');
  });

  it('shows the run over time: the median window and each window above the read target', () => {
    const windows = [12, 9, 61.25, 14, 30].map((p99, index) => ({ startMs: index * 500, p99 }));
    expect(formatWindows(windows)).toBe(
      "Over time, every class's p99 per 500 ms of scheduled starts: median 14.0 ms; 2 of 5 above 25 ms (at 1.0 s: 61 ms, 2.0 s: 30 ms).",
    );
    expect(formatWindows(windows.slice(0, 2))).toBe(
      "Over time, every class's p99 per 500 ms of scheduled starts: median 9.0 ms; 0 of 2 above 25 ms.",
    );
    expect(formatMixed({ ...mixed(), windows }, null)).toContain('2 of 5 above 25 ms');
    expect(formatMixed(mixed(), null)).not.toContain('Over time');
  });
});

describe('judgeTargets: reads against the feed (READ_ROUTE_KEYS)', () => {
  const row = (key: string, requestsPerSecond: number, p99: number): ResultRow => ({
    key,
    label: key,
    result: { ...feed(requestsPerSecond), p99 },
    cpuPerRequest: null,
  });
  const reads = (rows: ResultRow[]) => judgeTargets(rows, null, 0).filter((verdict) => verdict.target.includes('the feed req/s'));

  it('meets at 0.8× the feed req/s and 1.5× its p99, misses just below or above, and skips keys not measured', () => {
    const verdicts = reads([row('feed', 1_000, 20), row('directory', 800, 30), row('profile', 799, 20), row('mentors-all', 900, 30.1)]);
    expect(verdicts.map((verdict) => [verdict.target.split(' ')[0], verdict.met])).toEqual([
      ['directory', true],
      ['mentors-all', false],
      ['profile', false],
    ]);
    expect(formatVerdicts(verdicts)).toContain(
      "- MET  directory ≥ 0.8× the feed req/s, p99 ≤ 1.5× the feed's: 0.80× req/s, p99 30 ms = 1.50×",
    );
  });

  it('judges nothing without the feed of the same run', () => {
    expect(reads([row('directory', 800, 30)])).toEqual([]);
  });
});
