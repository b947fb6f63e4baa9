import type { AuthUser } from '../../lib/auth';
import type { VerifiedAccessToken } from '../../lib/tokens';
import { createSignInNews, type IssuedToken } from './sign-in-news';

/** How long a cached sign-in check is trusted without news from the database (see below). */
export const SESSION_PERSON_TTL_MS = 60_000;
/** At most this many (person, session) pairs are kept; the oldest go first. */
export const SESSION_PERSON_MAX_ENTRIES = 50_000;

type Entry = { person: AuthUser; expiresAt: number };
/** What a cached answer is looked up by: the token's person and session. */
type SessionSubject = Pick<VerifiedAccessToken, 'id' | 'session'>;

/**
 * The people the sign-in check found lately, by person and session, so a signed-in request
 * costs no database round trip (decision record 022). It is only as good as the news of changes:
 * the database announces every change that matters (a session ending, a person deactivated,
 * deleted, or given another role, staff flag or e-mail) on a channel (`sign-in-changes.plugin`),
 * and the cache is on only while that channel is listened to. A change announced while a lookup
 * was in flight keeps that lookup's answer out of the cache (`generation`).
 */
export function createSessionPersonCache(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_PERSON_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_PERSON_MAX_ENTRIES;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  const keysByPerson = new Map<number, Set<string>>();
  let enabled = false;
  let generation = 0;
  const news = createSignInNews({ now });

  const keyOf = (subject: SessionSubject) => `${subject.id}:${subject.session}`;

  const remove = (key: string, personId: number) => {
    entries.delete(key);
    const keys = keysByPerson.get(personId);
    keys?.delete(key);
    if (keys?.size === 0) keysByPerson.delete(personId);
  };

  const clear = () => {
    generation += 1;
    entries.clear();
    keysByPerson.clear();
  };

  return {
    /** The cached person for this token's person and session, when fresh. */
    get(subject: SessionSubject): AuthUser | undefined {
      if (!enabled) return undefined;
      const key = keyOf(subject);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key, subject.id);
        return undefined;
      }
      return entry.person;
    },
    /** Call before asking the database; pass the answer to `store` with this number. */
    lookupStarted(): number {
      return generation;
    },
    /** Keeps a person found by a lookup that started at `startedAt`, unless a change came since. */
    store(subject: SessionSubject, person: AuthUser, startedAt: number): void {
      if (!enabled || startedAt !== generation) return;
      if (entries.size >= maxEntries) {
        const oldest = entries.entries().next();
        if (!oldest.done) remove(oldest.value[0], oldest.value[1].person.id);
      }
      const key = keyOf(subject);
      entries.set(key, { person: Object.freeze(person), expiresAt: now() + ttlMs });
      let keys = keysByPerson.get(subject.id);
      if (!keys) {
        keys = new Set();
        keysByPerson.set(subject.id, keys);
      }
      keys.add(key);
    },
    /** Forgets every session of this person (something about them or their sessions changed). */
    forgetPerson(personId: number): void {
      generation += 1;
      news.changed(personId);
      for (const key of keysByPerson.get(personId) ?? []) entries.delete(key);
      keysByPerson.delete(personId);
    },
    /** On while the change channel is listened to; switching either way forgets everything. */
    setEnabled(on: boolean): void {
      clear();
      enabled = on;
      news.setListening(on);
    },
    /**
     * True when the token's own claims answer the sign-in check: issued while the changes were
     * listened to and since its person's last change (sign-in-news.ts, decision record 028).
     */
    vouchesFor(token: IssuedToken): boolean {
      return enabled && news.vouchesFor(token);
    },
    get enabled(): boolean {
      return enabled;
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type SessionPersonCache = ReturnType<typeof createSessionPersonCache>;
