import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../lib/auth';
import { createSessionPersonCache } from './session-person-cache';

const person = (id: number, session = `s${id}`): AuthUser => ({ id, role: 'AL', is_staff: false, email: `p${id}@example.com`, session });
const subjectOf = (user: AuthUser) => ({ id: user.id, session: user.session });

function enabledCache(options: Parameters<typeof createSessionPersonCache>[0] = {}) {
  const cache = createSessionPersonCache(options);
  cache.setEnabled(true);
  return cache;
}

describe('createSessionPersonCache', () => {
  it('keeps nothing while off, and forgets everything when switched either way', () => {
    const cache = createSessionPersonCache();
    const ada = person(1);
    cache.store(subjectOf(ada), ada, cache.lookupStarted());
    expect(cache.get(subjectOf(ada))).toBeUndefined();
    cache.setEnabled(true);
    cache.store(subjectOf(ada), ada, cache.lookupStarted());
    expect(cache.get(subjectOf(ada))).toEqual(ada);
    cache.setEnabled(false);
    expect(cache.get(subjectOf(ada))).toBeUndefined();
    cache.setEnabled(true);
    expect(cache.get(subjectOf(ada))).toBeUndefined();
  });

  it('answers by person and session, and forgets every session of a person at once', () => {
    const cache = enabledCache();
    const phone = person(1, 'phone');
    const laptop = person(1, 'laptop');
    const other = person(2);
    for (const user of [phone, laptop, other]) cache.store(subjectOf(user), user, cache.lookupStarted());
    expect(cache.get({ id: 1, session: 'phone' })).toEqual(phone);
    expect(cache.get({ id: 2, session: 'phone' })).toBeUndefined();
    cache.forgetPerson(1);
    expect(cache.get(subjectOf(phone))).toBeUndefined();
    expect(cache.get(subjectOf(laptop))).toBeUndefined();
    expect(cache.get(subjectOf(other))).toEqual(other);
  });

  it('does not keep the answer of a lookup that a change overtook', () => {
    const cache = enabledCache();
    const ada = person(1);
    const startedAt = cache.lookupStarted();
    cache.forgetPerson(1); // the change was announced while the database answered
    cache.store(subjectOf(ada), ada, startedAt);
    expect(cache.get(subjectOf(ada))).toBeUndefined();
    cache.store(subjectOf(ada), ada, cache.lookupStarted());
    expect(cache.get(subjectOf(ada))).toEqual(ada);
  });

  it('trusts an entry for the time to live only', () => {
    let now = 1_000;
    const cache = enabledCache({ ttlMs: 100, now: () => now });
    const ada = person(1);
    cache.store(subjectOf(ada), ada, cache.lookupStarted());
    now += 99;
    expect(cache.get(subjectOf(ada))).toEqual(ada);
    now += 1;
    expect(cache.get(subjectOf(ada))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = enabledCache({ maxEntries: 2 });
    const [a, b, c] = [person(1), person(2), person(3)];
    for (const user of [a, b, c]) cache.store(subjectOf(user), user, cache.lookupStarted());
    expect(cache.size).toBe(2);
    expect(cache.get(subjectOf(a))).toBeUndefined();
    expect(cache.get(subjectOf(c))).toEqual(c);
  });

  it('hands out frozen people, so no request can change what the next one sees', () => {
    const cache = enabledCache();
    const ada = person(1);
    cache.store(subjectOf(ada), ada, cache.lookupStarted());
    expect(Object.isFrozen(cache.get(subjectOf(ada)))).toBe(true);
  });
});
