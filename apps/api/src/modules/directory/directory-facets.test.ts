import { describe, expect, it } from 'vitest';
import { createFacetCache, FACET_FRESH_MS, FACET_STALE_MS } from './directory-facets';
import type { FacetRows } from './directory.repository';

const rows = (count: number): FacetRows => ({ role: [{ value: 'AL', count }], cohort_year: [], company: [], skill: [], location: [] });

describe('shared facet counts (decision 010)', () => {
  it('counts once, answers from memory, recounts in the background when stale and waits when too old', async () => {
    let clock = 0;
    let runs = 0;
    const cache = createFacetCache(() => clock);
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
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await cache.get('k', () => Promise.resolve(rows(7)))).role[0]?.count).toBe(7);
  });
});
