import { describe, expect, it } from 'vitest';
import { createChangeFollowingCache } from './change-following-cache';

// The quiet before a fill (decision 065): a key not held is filled only when no change was
// announced for fillQuietMs; a held value is answered whatever the time since the last change.
describe('a change-following cache with a quiet before each fill', () => {
  const following = { caughtUp: async () => true };

  function cacheAt(clock: { ms: number }) {
    const cache = createChangeFollowingCache<string>({
      entries: 10,
      freshMs: 60_000,
      staleMs: 120_000,
      fillQuietMs: 1_000,
      now: () => clock.ms,
    });
    cache.follow(following);
    return cache;
  }

  it('fills a key when nothing changed, and answers it from memory after', async () => {
    const clock = { ms: 10_000 };
    const cache = cacheAt(clock);
    let runs = 0;
    const run = async () => `value ${(runs += 1)}`;
    expect(await cache.kept('a', run)).toBe('value 1');
    expect(await cache.kept('a', run)).toBe('value 1');
    expect(runs).toBe(1);
  });

  it('answers null for a key not held within the quiet after a change, and fills once the quiet has passed', async () => {
    const clock = { ms: 10_000 };
    const cache = cacheAt(clock);
    let runs = 0;
    const run = async () => `value ${(runs += 1)}`;
    expect(await cache.kept('a', run)).toBe('value 1');
    cache.changed();
    clock.ms += 999;
    expect(await cache.kept('a', run)).toBeNull();
    expect(cache.size).toBe(0);
    expect(runs).toBe(1);
    // A second change restarts the quiet.
    cache.changed();
    clock.ms += 999;
    expect(await cache.kept('a', run)).toBeNull();
    clock.ms += 1;
    expect(await cache.kept('a', run)).toBe('value 2');
    expect(runs).toBe(2);
  });

  it('drops what it holds on a change, and the next fill waits for the quiet again', async () => {
    const clock = { ms: 10_000 };
    const cache = cacheAt(clock);
    cache.changed();
    clock.ms += 1_000;
    expect(await cache.kept('a', async () => 'kept')).toBe('kept');
    cache.changed();
    expect(await cache.kept('a', async () => 'again')).toBeNull();
  });

  it('fills at once without a quiet (the default)', async () => {
    const cache = createChangeFollowingCache<string>({ entries: 10, freshMs: 60_000, staleMs: 120_000 });
    cache.follow(following);
    cache.changed();
    expect(await cache.kept('a', async () => 'filled')).toBe('filled');
  });
});
