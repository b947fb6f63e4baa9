import { describe, expect, it } from 'vitest';
import { attachFeedAround, FEED_AGAIN_KEY, FEED_EVERY, withFeedBetweenReads } from './feed-around';
import type { LoadResult } from './http-load';
import { judgeTargets, type ResultRow } from './report';
import type { Scenario } from './scenario';

const scenario = (key: string): Scenario => ({ key, label: key, next: () => ({ method: 'GET', path: `/${key}`, headers: {} }) });
const keysOf = (scenarios: Scenario[]) => scenarios.map((entry) => entry.key);

const result = (requestsPerSecond: number, p99: number): LoadResult =>
  ({ requestsPerSecond, p99, p50: p99 / 3, non2xx: 0, errors: 0, statuses: { '200': 1 } }) as unknown as LoadResult;
const row = (key: string, requestsPerSecond: number, p99: number): ResultRow => ({
  key,
  label: key,
  result: result(requestsPerSecond, p99),
  cpuPerRequest: null,
});

describe('withFeedBetweenReads', () => {
  it(`runs the feed again after every ${FEED_EVERY} read routes and after the last, asking what the feed asks`, () => {
    const reads = ['directory', 'profile', 'jobs', 'events', 'tag-feed', 'space-feed'];
    const ordered = withFeedBetweenReads([scenario('feed'), scenario('like'), ...reads.map(scenario)]);
    expect(keysOf(ordered)).toEqual([
      'feed',
      'like',
      'directory',
      'profile',
      'jobs',
      'events',
      FEED_AGAIN_KEY,
      'tag-feed',
      'space-feed',
      FEED_AGAIN_KEY,
    ]);
    expect(ordered.find((entry) => entry.key === FEED_AGAIN_KEY)?.next().path).toBe('/feed');
  });

  it('changes nothing without the feed or without a read route', () => {
    expect(keysOf(withFeedBetweenReads([scenario('directory'), scenario('jobs')]))).toEqual(['directory', 'jobs']);
    expect(keysOf(withFeedBetweenReads([scenario('feed'), scenario('like')]))).toEqual(['feed', 'like']);
  });
});

describe('attachFeedAround: each read judged against the feed of its own minutes', () => {
  it('takes the mean of the feed just before and just after a read, or the one before when none follows', () => {
    const rows = attachFeedAround([
      row('feed', 4_000, 20),
      row('directory', 3_000, 30),
      row(FEED_AGAIN_KEY, 2_000, 40),
      row('tag-feed', 1_700, 50),
    ]);
    expect(rows[1]?.feedAround).toEqual({ requestsPerSecond: 3_000, p99: 30 });
    expect(rows[3]?.feedAround).toEqual({ requestsPerSecond: 2_000, p99: 40 });
    expect(rows[0]?.feedAround).toBeUndefined();
  });

  it('turns a verdict the first feed alone would miss on a machine slowing down into the one of its own minutes', () => {
    // The machine halves its speed during the run: the tag feed costs what the feed costs at its time.
    const measured = [row('feed', 4_000, 20), row(FEED_AGAIN_KEY, 2_000, 40), row('tag-feed', 1_900, 44)];
    const tagVerdict = (rows: ResultRow[]) => judgeTargets(rows, null, 0).find((verdict) => verdict.target.startsWith('tag-feed'));
    expect(tagVerdict(measured)?.met).toBe(false);
    const judged = tagVerdict(attachFeedAround(measured));
    expect(judged?.met).toBe(true);
    expect(judged?.measured).toBe('0.95× req/s, p99 44 ms = 1.10× (the feed around it: 2000 req/s, p99 40 ms)');
  });
});
