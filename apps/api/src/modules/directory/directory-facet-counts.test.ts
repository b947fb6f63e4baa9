import { describe, expect, it, vi } from 'vitest';
import { authHeader, createUser } from '../../test/index';
import { DirectoryIndexData } from './directory-index-data';
import { counted, useDirectoryPeople } from './directory.test-helpers';

const { t, who, person, list, names, facets } = useDirectoryPeople();

describe('GET /api/directory/facets/', () => {
  it('counts only listed people, most common first; companies and skills group case-insensitively', async () => {
    const all = await facets('');
    expect(all.role).toEqual(counted(['AL', 4], ['TR', 2], ['AD', 1], ['IN', 1]));
    expect(all.company).toEqual(counted(['Acme', 3], ['Globex', 2]));
    expect(all.cohort_year).toEqual(counted([2022, 3], [2023, 2], [2021, 1]));
    expect(all.location).toEqual(counted(['Pune', 4], ['Berlin', 1]));
    expect(all.skill).toEqual(counted(['React', 2], ['SQL', 2], ['Go', 1], ['Python', 1], ['react native', 1], ['TypeScript', 1]));
  });

  it('each facet applies every filter but its own', async () => {
    const result = await facets('company=acme&cohort_year=2022');
    // company facet: cohort 2022 only (Ada, Connected at Acme; Cleo at Globex)
    expect(result.company).toEqual(counted(['Acme', 2], ['Globex', 1]));
    // cohort facet: Acme only (Ada 2022, Connected 2022, Ben 2021)
    expect(result.cohort_year).toEqual(counted([2022, 2], [2021, 1]));
    // the others: both filters
    expect(result.role).toEqual(counted(['AL', 2]));
    expect(result.skill).toEqual(counted(['React', 2], ['TypeScript', 1]));
    const bySkill = await facets('skill=sql');
    expect(bySkill.skill.map((item) => item.value)).toContain('Python');
    expect(bySkill.company).toEqual(counted(['acme', 1], ['Globex', 1]));
  });

  it("shared counts never carry one viewer's connections to another", async () => {
    const outsider = await createUser(t.db, { role: 'TR', firstName: 'Out', lastName: 'Sider' });
    const outsiderHeaders = await authHeader(t.app, outsider);
    expect((await facets('')).company[0]).toEqual({ value: 'Acme', count: 3 });
    expect((await facets('', outsiderHeaders)).company[0]).toEqual({ value: 'Acme', count: 2 });
    expect(names(await list('company=acme', outsiderHeaders))).toEqual(['Ben', 'Ada']);
  });

  it('an admin counts hidden people too, never unlisted, inactive or unverified ones', async () => {
    const result = await facets('company=acme', who.adminHeaders);
    expect(result.role).toEqual(counted(['AL', 5]));
  });
});

describe('the facet cache', () => {
  it('keys a name search by the words it matches (lower-cased, at most five), so variations share one entry', async () => {
    await person('Cachequinn', { role: 'IN', company: 'Cacheco' });
    await person('Cachequinn2', { role: 'IN', company: 'Cacheco' });
    await t.ctx.repositories.directory.facetCache.index?.sync();
    const first = await facets('q=cachequinn');
    expect(first.role).toEqual(counted(['IN', 2]));
    // Counts kept answer without counting again (in memory: the directory index, decision 056).
    const counting = vi.spyOn(DirectoryIndexData.prototype, 'count');
    try {
      for (const q of ['CACHEQUINN', '%20cachequinn%20%20', 'Cachequinn']) {
        expect((await facets(`q=${q}`)).role, q).toEqual(counted(['IN', 2]));
      }
      expect(counting).not.toHaveBeenCalled();
      // Only the first five words are matched: a sixth does not change the search, nor its entry.
      const five = 'c%20e%20n%20p%20cachequinn';
      expect((await facets(`q=${five}`)).role).toEqual(counted(['IN', 2]));
      expect(counting).toHaveBeenCalledTimes(1);
      expect((await facets(`q=${five}%20zzz`)).role).toEqual(counted(['IN', 2]));
      expect(counting).toHaveBeenCalledTimes(1);
    } finally {
      counting.mockRestore();
    }
  });
});
