import { cohortYearMessage, latestCohortYear } from '@alumlink/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createUser, useTestApp, type TestUser } from '../../test/index';
import { multipartBody } from '../../test/uploads';

const t = useTestApp();
let me: TestUser;
let viewer: TestUser;
let myAuth: { authorization: string };

beforeAll(async () => {
  me = await createUser(t.db, { firstName: 'Casey', lastName: 'Nguyen', role: 'AL' });
  viewer = await createUser(t.db, { firstName: 'View', lastName: 'Er' });
  myAuth = await authHeader(t.app, me);
});

function put(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/social/user-profiles/update-me/', payload, headers: myAuth });
}

describe('career profile fields (DESIGN 8.1)', () => {
  it('start empty, are saved trimmed, and are read back by me and by someone else', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/social/user-profiles/me/', headers: myAuth });
    expect(fresh.json()).toMatchObject({
      headline: '',
      company: '',
      job_title: '',
      location: '',
      cohort_year: null,
      open_to_referrals: false,
    });

    const saved = await put({
      headline: ' Frontend engineer ',
      company: 'Acme ',
      job_title: 'Engineer',
      location: 'Pune',
      cohort_year: 2022,
      open_to_referrals: true,
    });
    expect(saved.statusCode).toBe(200);
    const career = {
      headline: 'Frontend engineer',
      company: 'Acme',
      job_title: 'Engineer',
      location: 'Pune',
      cohort_year: 2022,
      open_to_referrals: true,
    };
    expect(saved.json()).toMatchObject(career);

    const seen = await t.app.inject({
      method: 'GET',
      url: `/social/user-profiles/by-id/?user_id=${me.id}`,
      headers: await authHeader(t.app, viewer),
    });
    expect(seen.json()).toMatchObject(career);
  });

  it('missing leaves a field, empty text or null clears it', async () => {
    await put({ headline: 'Kept', company: 'Acme', cohort_year: 2021 });
    const response = await put({ company: '', cohort_year: null });
    expect(response.json()).toMatchObject({ headline: 'Kept', company: '', cohort_year: null });
    expect((await put({ location: null })).json().location).toBe('');
  });

  it('rejects too long texts and cohort years outside 1990 .. this year + 5, changing nothing', async () => {
    await put({ headline: 'Before', cohort_year: 2020 });
    for (const [field, value] of [
      ['headline', 'h'.repeat(121)],
      ['company', 'c'.repeat(101)],
      ['job_title', 'j'.repeat(101)],
      ['location', 'l'.repeat(101)],
    ] as const) {
      const response = await put({ [field]: value, headline: field === 'headline' ? value : 'After' });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toContain(field);
    }
    for (const year of [1989, latestCohortYear() + 1, 2020.5, 'twenty', '20201']) {
      const response = await put({ cohort_year: year, headline: 'After' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ cohort_year: [cohortYearMessage()] });
    }
    const after = await t.app.inject({ method: 'GET', url: '/social/user-profiles/me/', headers: myAuth });
    expect(after.json()).toMatchObject({ headline: 'Before', cohort_year: 2020 });
    expect((await put({ cohort_year: 1990 })).statusCode).toBe(200);
    expect((await put({ cohort_year: latestCohortYear() })).statusCode).toBe(200);
  });

  it('reads form fields from a multipart update (year and switch as text)', async () => {
    const { payload: body, headers } = multipartBody({ company: 'Globex', cohort_year: '2019', open_to_referrals: 'false' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/social/user-profiles/update-me/',
      payload: body,
      headers: { ...myAuth, ...headers },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ company: 'Globex', cohort_year: 2019, open_to_referrals: false });
    const cleared = multipartBody({ cohort_year: '' });
    const clearedResponse = await t.app.inject({
      method: 'PUT',
      url: '/social/user-profiles/update-me/',
      payload: cleared.payload,
      headers: { ...myAuth, ...cleared.headers },
    });
    expect(clearedResponse.json().cohort_year).toBeNull();
  });
});

describe('listed_in_directory setting', () => {
  it('defaults to true and can be turned off and on', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/social/settings/', headers: myAuth });
    expect((await get()).json().listed_in_directory).toBe(true);
    const off = await t.app.inject({ method: 'PUT', url: '/social/settings/', payload: { listed_in_directory: false }, headers: myAuth });
    expect(off.json().listed_in_directory).toBe(false);
    expect((await get()).json().listed_in_directory).toBe(false);
    const bad = await t.app.inject({ method: 'PUT', url: '/social/settings/', payload: { listed_in_directory: 'maybe' }, headers: myAuth });
    expect(bad.statusCode).toBe(400);
  });
});
