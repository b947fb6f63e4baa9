import { describe, expect, it } from 'vitest';
import { createFacetCache, FACET_FRESH_MS, FACET_STALE_MS } from './directory-facets';
import type { FacetRows } from './directory.repository';

const rows = (count: number): FacetRows => ({ role: [{ value: 'AL', count }], cohort_year: [], company: [], skill: [], location: [] });
/** A channel listened to, with nothing left to hear. */
const listened = { caughtUp: () => Promise.resolve(true) };

describe('shared facet counts (decisions 010 and 046)', () => {
  it('counts once, answers from memory, recounts in the background when stale and waits when too old', async () => {
    let clock = 0;
    let runs = 0;
    const cache = createFacetCache(() => clock);
    cache.follow(listened);
    const count = () => Promise.resolve(rows(++runs));
    const [first, second] = await Promise.all([cache.get('k', count), cache.get('k', count)]);
    expect([first.role[0]?.count, second.role[0]?.count, runs]).toEqual([1, 1, 1]);

    clock += FACET_FRESH_MS + 1;
    // Stale: the old counts answer at once, one recount starts.
    const stale = cache.get('k', count);
    const meanwhile = cache.get('k', count);
    expect([(await stale).role[0]?.count, (await meanwhile).role[0]?.count, runs]).toEqual([1, 1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get('k', count)).role[0]?.count).toBe(2);

    clock += FACET_STALE_MS + 1;
    expect((await cache.get('k', count)).role[0]?.count).toBe(3);
    expect((await cache.get('other', count)).role[0]?.count).toBe(4);
  });

  it('does not keep a failed count', async () => {
    const cache = createFacetCache(() => 0);
    cache.follow(listened);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('k', () => Promise.resolve(rows(7)))).role[0]?.count).toBe(7);
  });

  it('answers no count of an older generation: a change drops the counts kept and those under way', async () => {
    const cache = createFacetCache(() => 0);
    cache.follow(listened);
    let runs = 0;
    const count = () => Promise.resolve(rows(++runs));
    expect((await cache.get('k', count)).role[0]?.count).toBe(1);
    expect((await cache.get('k', count)).role[0]?.count).toBe(1);
    cache.changed();
    expect((await cache.get('k', count)).role[0]?.count).toBe(2);

    // A count under way when the change is heard answers those who waited for it, and is not kept.
    let finish = (_: FacetRows) => {};
    const slow = cache.get('k2', () => new Promise<FacetRows>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    cache.changed();
    const after = cache.get('k2', count);
    finish(rows(100));
    expect([(await slow).role[0]?.count, (await after).role[0]?.count]).toEqual([100, 3]);
    expect((await cache.get('k2', count)).role[0]?.count).toBe(3);
  });

  it('keeps nothing while no channel is followed or the channel cannot say it caught up', async () => {
    const cache = createFacetCache(() => 0);
    let runs = 0;
    const count = () => Promise.resolve(rows(++runs));
    expect(cache.enabled).toBe(false);
    await cache.get('k', count);
    await cache.get('k', count);
    expect(runs).toBe(2);
    let caughtUp = true;
    cache.follow({ caughtUp: () => Promise.resolve(caughtUp) });
    await cache.get('k', count);
    await cache.get('k', count);
    expect(runs).toBe(3);
    caughtUp = false;
    expect((await cache.get('k', count)).role[0]?.count).toBe(4);
    cache.follow(null);
    caughtUp = true;
    await cache.get('k', count);
    expect(runs).toBe(5);
  });
});
