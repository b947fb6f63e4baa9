// The feed measured again between the read routes of a run, so each read is judged against the feed of its own
// minutes: on a shared machine one core's speed moves by a third within a run (`machine speed` before → after),
// and a feed measured only first judged the last keys against a faster or slower machine than theirs.
import { READ_ROUTE_KEYS } from './read-routes';
import type { ResultRow } from './report';
import type { Scenario } from './scenario';

/** The feed runs again after this many read routes (and once after the last). */
export const FEED_EVERY = 4;

/** The key of the feed measured again: its rows are the reference of the reads around them, not a route of their own. */
export const FEED_AGAIN_KEY = 'feed-again';

/**
 * The order to run the scenarios in: as given, with the feed again after every FEED_EVERY read
 * routes and after the last one, when the feed is among them (else unchanged).
 */
export function withFeedBetweenReads(scenarios: Scenario[]): Scenario[] {
  const feed = scenarios.find((scenario) => scenario.key === 'feed');
  const isRead = (scenario: Scenario) => READ_ROUTE_KEYS.includes(scenario.key);
  if (!feed || !scenarios.some(isRead)) return scenarios;
  const again: Scenario = {
    key: FEED_AGAIN_KEY,
    label: `${feed.label}, measured again (the reference of the reads around it)`,
    next: feed.next,
  };
  const ordered: Scenario[] = [];
  let readsSinceFeed = 0;
  for (const scenario of scenarios) {
    ordered.push(scenario);
    if (!isRead(scenario)) continue;
    readsSinceFeed += 1;
    if (readsSinceFeed === FEED_EVERY) {
      ordered.push(again);
      readsSinceFeed = 0;
    }
  }
  if (readsSinceFeed > 0) ordered.push(again);
  return ordered;
}

/** What a read is judged against: the feed's req/s and p99 around it. */
export type FeedAround = { requestsPerSecond: number; p99: number };

/**
 * Each read row with `feedAround`: the mean of the feed measured last before it and first after it
 * (the one before alone when none follows). Rows are in the order they ran.
 */
export function attachFeedAround(rows: ResultRow[]): ResultRow[] {
  const isFeed = (row: ResultRow) => row.key === 'feed' || row.key === FEED_AGAIN_KEY;
  return rows.map((row, index) => {
    if (!READ_ROUTE_KEYS.includes(row.key)) return row;
    const before = rows.slice(0, index).findLast(isFeed);
    const after = rows.slice(index + 1).find(isFeed);
    const around = [before, after].filter((feed): feed is ResultRow => feed !== undefined);
    if (around.length === 0) return row;
    const mean = (value: (feed: ResultRow) => number) => around.reduce((sum, feed) => sum + value(feed), 0) / around.length;
    return {
      ...row,
      feedAround: { requestsPerSecond: mean((feed) => feed.result.requestsPerSecond), p99: mean((feed) => feed.result.p99) },
    };
  });
}
