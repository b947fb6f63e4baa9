import type { DirectoryFacets, DirectoryPage } from '@alumlink/contract';
import { beforeAll, expect } from 'vitest';
import {
  authHeader,
  createConversation,
  useTestApp,
  createUser,
  createUserSettings,
  type CreateUserOptions,
  type TestUser,
} from '../../test/index';

type Auth = { authorization: string };

/** The facets of one counted person (countedPeople) alone. */
export const countedPersonFacets: DirectoryFacets = {
  role: [{ value: 'AL', count: 1 }],
  cohort_year: [{ value: 2019, count: 1 }],
  company: [{ value: 'Initech', count: 1 }],
  skill: [{ value: 'Rust', count: 1 }],
  location: [{ value: 'Oslo', count: 1 }],
};
/** The facets of nobody. */
export const noFacets: DirectoryFacets = { role: [], cohort_year: [], company: [], skill: [], location: [] };

/**
 * Makes "a Public, listed alumna with every career field" whose first name `q` (the `prefix`, a
 * number counted per prefix and a last letter) finds her alone: the facet tests' counted person.
 */
export function countedPeople(db: () => Parameters<typeof createUser>[0], prefix: string) {
  let made = 0;
  return async (options: CreateUserOptions = {}): Promise<{ person: TestUser; q: string }> => {
    made += 1;
    const q = `${prefix}${made}x`;
    const person = await createUser(db(), {
      firstName: q,
      lastName: 'Counted',
      role: 'AL',
      company: 'Initech',
      location: 'Oslo',
      cohortYear: 2019,
      skills: 'Rust',
      ...options,
    });
    return { person, q };
  };
}

/**
 * The directory files' app and people: a viewer (trainee), an admin and eleven people made in a
 * beforeAll, some of them never listed (inactive, unverified, unlisted) or hidden (Private, Only
 * Connections; `Connected` talks with the viewer). `who` and `people` are filled in there.
 */
export function useDirectoryPeople() {
  const t = useTestApp();
  const who = {} as { viewer: TestUser; admin: TestUser; headers: Auth; adminHeaders: Auth };
  const people: Record<string, TestUser> = {};

  /** Everyone sits in company "Dir<tag>" variants so other files' people never mix in (one database per file anyway). */
  async function person(name: string, options: CreateUserOptions) {
    people[name] = await createUser(t.db, { firstName: name, lastName: 'Person', ...options });
  }

  beforeAll(async () => {
    who.viewer = await createUser(t.db, { firstName: 'Viewer', lastName: 'Self', role: 'TR' });
    who.admin = await createUser(t.db, { firstName: 'Admin', lastName: 'Root', role: 'AD' });
    who.headers = await authHeader(t.app, who.viewer);
    who.adminHeaders = await authHeader(t.app, who.admin);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await person('Ada', {
      role: 'AL',
      company: 'Acme',
      cohortYear: 2022,
      location: 'Pune',
      skills: 'React, TypeScript',
      openToReferrals: true,
      headline: 'Frontend lead',
      jobTitle: 'Engineer',
      createdAt: day(1),
    });
    await person('Ben', { role: 'AL', company: 'acme', cohortYear: 2021, location: 'pune', skills: 'Go, SQL', createdAt: day(2) });
    await person('Cleo', {
      role: 'AL',
      company: 'Globex',
      cohortYear: 2022,
      location: 'Berlin',
      skills: 'react native, SQL',
      openToReferrals: true,
      createdAt: day(3),
    });
    await person('Dev', { role: 'IN', company: 'Globex', cohortYear: 2023, location: 'Pune', skills: 'Python', createdAt: day(4) });
    await person('Eve', { role: 'TR', company: '', cohortYear: 2023, location: '', skills: '', createdAt: day(5) });
    // Never listed (for a non-admin viewer), in results or counts:
    const acmeAlumnus = { role: 'AL', company: 'Acme', cohortYear: 2022, location: 'Pune', skills: 'React' } as const;
    await person('Inactive', { ...acmeAlumnus, isActive: false, createdAt: day(6) });
    await person('Unverified', { ...acmeAlumnus, verified: false, createdAt: day(7) });
    await person('Unlisted', { ...acmeAlumnus, createdAt: day(8) });
    await person('Private', { ...acmeAlumnus, createdAt: day(9) });
    await person('Connected', { ...acmeAlumnus, createdAt: day(10) });
    await person('Stranger', { ...acmeAlumnus, createdAt: day(11) });
    const id = (name: string) => people[name]?.id ?? 0;
    await createUserSettings(t.db, { userId: id('Unlisted'), listedInDirectory: false });
    await createUserSettings(t.db, { userId: id('Private'), profileVisibility: 'Private' });
    await createUserSettings(t.db, { userId: id('Connected'), profileVisibility: 'Only Connections' });
    await createUserSettings(t.db, { userId: id('Stranger'), profileVisibility: 'Only Connections' });
    await createConversation(t.db, {
      userAId: Math.min(who.viewer.id, id('Connected')),
      userBId: Math.max(who.viewer.id, id('Connected')),
      bothWrote: true,
    });
  });

  async function list(query: string, as = who.headers) {
    const response = await t.app.inject({ method: 'GET', url: `/api/directory/?${query}`, headers: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DirectoryPage>();
  }
  const names = (page: DirectoryPage) => page.results.map((item) => item.first_name);

  async function facets(query: string, as = who.headers) {
    const response = await t.app.inject({ method: 'GET', url: `/api/directory/facets/?${query}`, headers: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DirectoryFacets>();
  }

  return { t, who, people, person, list, names, facets };
}

/** A facet's expected counts, most common first: `counted(['Acme', 3], ['Globex', 2])`. */
export const counted = (...pairs: [string | number, number][]) => pairs.map(([value, count]) => ({ value, count }));
