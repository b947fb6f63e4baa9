import type { FieldAudience } from '@alumlink/contract';
import { expect } from 'vitest';
import type { App } from '../app';
import { authHeader } from './auth-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Person = Parameters<typeof authHeader>[1];

/**
 * Requests made as a signed-in person: `as` gives back whatever was answered, `ok` expects a 2xx
 * (the failure names the request and its body). `appOf` is read at each call, so the app may be
 * made later (in beforeAll).
 */
export function requestsAs(appOf: () => App) {
  async function as(user: Person, method: Method, url: string, payload?: object) {
    const app = appOf();
    return app.inject({ method, url, headers: await authHeader(app, user), ...(payload ? { payload } : {}) });
  }
  async function ok(user: Person, method: Method, url: string, payload?: object) {
    const response = await as(user, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  }
  return { as, ok };
}

/** The body of PUT /social/settings/privacy/ that shows every private field to `audience` ('only_me' hides them all). */
export function everyFieldVisibleTo(audience: FieldAudience) {
  return { email: audience, phone: audience, company: audience, location: audience, cohort_year: audience, skills: audience };
}

/**
 * `person` leaves their name wherever people are shown: a like and a comment on `postId`, a job
 * post, a referral offer and a message in the discussion of `eventId`.
 */
export async function writeEverywhere(ok: ReturnType<typeof requestsAs>['ok'], person: Person, postId: number, eventId: number) {
  await ok(person, 'POST', `/social/posts/${postId}/like/`);
  await ok(person, 'POST', `/social/posts/${postId}/comment/`, { text: 'Nice one' });
  await ok(person, 'POST', '/api/jobs/', {
    title: 'Engineer',
    company: 'Acme',
    location: 'Remote',
    salary: '12 LPA',
    type: 'Full-Time',
    description: 'Build things.',
    apply_url: 'https://acme.example.com/jobs/1',
  });
  await ok(person, 'POST', '/api/referrals/create/', {
    company: 'Globex',
    role: 'Engineer',
    ctc: 12,
    location: 'Pune',
    requirements: 'React.',
  });
  await ok(person, 'POST', `/api/events/${eventId}/discussion/`, { text: 'See you there' });
}
