import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createConversation, createUser, createUserSettings, type TestUser } from '../../test/index';
import { counted, useDirectoryPeople } from './directory.test-helpers';

const { t, who, list, facets } = useDirectoryPeople();

describe('per-field privacy (DESIGN 8.4) in the directory', () => {
  let hidden: TestUser;
  let friend: TestUser;
  let outsiderHeaders: { authorization: string };

  beforeAll(async () => {
    const career = { role: 'AL' as const, company: 'Initech', location: 'Lyon', cohortYear: 2018, skills: 'Cobol, Fortran' };
    hidden = await createUser(t.db, { firstName: 'Guarded', lastName: 'Stranger', ...career });
    friend = await createUser(t.db, { firstName: 'Guarded', lastName: 'Friend', ...career });
    await createUserSettings(t.db, {
      userId: hidden.id,
      companyVisibleTo: 'connections',
      skillsVisibleTo: 'only_me',
      cohortYearVisibleTo: 'only_me',
    });
    await createUserSettings(t.db, { userId: friend.id, companyVisibleTo: 'connections', skillsVisibleTo: 'connections' });
    await createConversation(t.db, {
      userAId: Math.min(who.viewer.id, friend.id),
      userBId: Math.max(who.viewer.id, friend.id),
      bothWrote: true,
    });
    outsiderHeaders = await authHeader(t.app, await createUser(t.db, { role: 'TR', firstName: 'Other', lastName: 'Outsider' }));
  });

  it('results leave hidden fields empty; the person still appears', async () => {
    const page = await list('q=guarded');
    const byName = Object.fromEntries(page.results.map((item) => [item.last_name, item]));
    expect(byName.Stranger).toMatchObject({ company: '', location: 'Lyon', cohort_year: null, skills: [] });
    expect(byName.Friend).toMatchObject({ company: 'Initech', location: 'Lyon', cohort_year: 2018, skills: ['Cobol', 'Fortran'] });
    const asAdmin = await list('q=guarded', who.adminHeaders);
    expect(asAdmin.results.find((item) => item.last_name === 'Stranger')).toMatchObject({
      company: 'Initech',
      skills: ['Cobol', 'Fortran'],
    });
  });

  it('a filter on a hidden field never finds the person', async () => {
    expect((await list('company=initech')).results.map((item) => item.last_name)).toEqual(['Friend']);
    expect((await list('skill=cobol')).results.map((item) => item.last_name)).toEqual(['Friend']);
    expect((await list('company=initech', outsiderHeaders)).results).toEqual([]);
    expect((await list('cohort_year=2018&location=lyon', outsiderHeaders)).results.map((item) => item.last_name)).toEqual(['Friend']);
  });

  it('facets count a field only where the viewer may see it', async () => {
    const mine = await facets('location=lyon');
    expect(mine.company).toEqual(counted(['Initech', 1]));
    expect(mine.skill).toEqual(counted(['Cobol', 1], ['Fortran', 1]));
    expect(mine.cohort_year).toEqual(counted([2018, 1]));
    expect(mine.role).toEqual(counted(['AL', 2]));
    const theirs = await facets('location=lyon', outsiderHeaders);
    expect(theirs.company).toEqual([]);
    expect(theirs.skill).toEqual([]);
    expect(theirs.cohort_year).toEqual(counted([2018, 1]));
    expect(theirs.role).toEqual(counted(['AL', 2]));
    // Filtering on a hidden field counts nobody through it.
    expect((await facets('company=initech', outsiderHeaders)).role).toEqual([]);
    expect((await facets('company=initech')).role).toEqual(counted(['AL', 1]));
    const admin = await facets('location=lyon', who.adminHeaders);
    expect(admin.company).toEqual(counted(['Initech', 2]));
  });

  it('a name fragment shorter than a trigram finds and counts the same people, hidden fields left out', async () => {
    const page = await list('q=ua');
    expect(page.results.map((item) => item.last_name).sort()).toEqual(['Friend', 'Stranger']);
    expect(page.results.find((item) => item.last_name === 'Stranger')).toMatchObject({ company: '', cohort_year: null, skills: [] });
    expect((await list('q=u_')).results).toEqual([]);
    expect(await facets('q=ua')).toEqual(await facets('q=guarded'));
    const theirs = await facets('q=ua&location=lyon', outsiderHeaders);
    expect(theirs.company).toEqual([]);
    expect(theirs.cohort_year).toEqual(counted([2018, 1]));
    expect(theirs.role).toEqual(counted(['AL', 2]));
    expect((await facets('q=ua&company=initech', outsiderHeaders)).role).toEqual([]);
  });
});
