/** Where a cache learns of changes (db/listen.ts's ListeningChannel): see createChangeFollowingCache. */
export type FollowedChanges = { caughtUp(): Promise<boolean> };

export type ChangeFollowingCacheOptions = {
  /** At most this many keys are kept (least recently used dropped first). */
  entries: number;
  /**
   * Values of the current generation (no change announced since they were computed) are computed
   * again in the background once this old, the old ones answering meanwhile, up to staleMs: a belt
   * against a change nobody announced (the announcement switched off), never the way a change is seen.
   */
  freshMs: number;
  /** Values older than this are never answered: the request waits for the new ones. */
  staleMs: number;
  /**
   * `kept` fills a key it does not hold only when no change was announced for this long, else it
   * answers null (the caller answers without the cache). Under a steady stream of changes nothing
   * is filled, so a request costs what it costs without the cache, never a fill that the next
   * change throws away (decision 065). Default 0: always fill.
   */
  fillQuietMs?: number;
  now?: () => number;
};

type Entry<V> = { at: number; value: Promise<V>; refreshing: boolean };

/**
 * Values shared between requests, per key, kept true to the database by its announcements
 * (decisions 046 and 057): computed once, answered from memory until a change is announced. Every
 * committed change the values read is announced by the database (a statement-level trigger's
 * pg_notify) to every instance, and `changed()` drops every value and every computation under way
 * (a new generation). A request first waits until every announcement committed before it has been
 * heard (`caughtUp`), so no value older than a change it could know of is answered, here or on
 * another instance. The cache is off (every request computes) while nobody listens
 * (`follow(null)`). Concurrent misses wait for one computation; a failed one is not kept.
 */
export function createChangeFollowingCache<V>({
  entries: maxEntries,
  freshMs,
  staleMs,
  fillQuietMs = 0,
  now = Date.now,
}: ChangeFollowingCacheOptions) {
  const entries = new Map<string, Entry<V>>();
  let generation = 0;
  /** When the last change was announced (changed()). */
  let changedAt = -Infinity;
  let changes: FollowedChanges | null = null;
  const remember = (key: string, entry: Entry<V>) => {
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };
  const compute = (key: string, run: () => Promise<V>): Promise<V> => {
    const computed = generation;
    const value = run();
    value.then(
      () => {
        // Values that a change overtook answer the requests that were waiting for them, no other.
        if (generation === computed) remember(key, { at: now(), value, refreshing: false });
      },
      () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      },
    );
    return value;
  };
  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  /** A value is held for `key` that fromMemory would answer. */
  const holds = (key: string) => {
    const entry = entries.get(key);
    return entry !== undefined && now() - entry.at < staleMs;
  };
  const fromMemory = (key: string, run: () => Promise<V>): Promise<V> => {
    const entry = entries.get(key);
    const age = entry ? now() - entry.at : Infinity;
    if (entry && age < staleMs) {
      remember(key, entry);
      if (age >= freshMs && !entry.refreshing) {
        entry.refreshing = true;
        // The same generation's value answers meanwhile; a failed computation leaves it for the next try.
        compute(key, run).catch(() => {
          entry.refreshing = false;
        });
      }
      return entry.value;
    }
    const value = compute(key, run);
    // Misses while it runs share it (at: now, so they do not start their own).
    remember(key, { at: now(), value, refreshing: true });
    return value;
  };
  return {
    /** The shared value for `key`: from memory when nothing changed since, else computed by `run`. */
    async get(key: string, run: () => Promise<V>): Promise<V> {
      const following = changes;
      if (!following || !(await following.caughtUp())) return run();
      return fromMemory(key, run);
    },
    /**
     * The kept value for `key` (computed by `run` on a miss), or null when the cache is off, the
     * announcements could not be caught up with, or a miss comes less than fillQuietMs after a
     * change: the caller then answers without it.
     */
    async kept(key: string, run: () => Promise<V>): Promise<V | null> {
      const following = changes;
      if (!following || !(await following.caughtUp())) return null;
      if (!holds(key) && now() - changedAt < fillQuietMs) return null;
      return fromMemory(key, run);
    },
    /** A change was announced: no value held or under way is answered again. */
    changed(): void {
      changedAt = now();
      forgetAll();
    },
    /** Follows these announcements (the channel is listened to), or none (the cache is off). Either way empties it. */
    follow(next: FollowedChanges | null): void {
      changes = next;
      forgetAll();
    },
    /** Whether values are kept (a channel is followed). */
    get enabled(): boolean {
      return changes !== null;
    },
    /** How many keys are held. */
    get size(): number {
      return entries.size;
    },
  };
}
export type ChangeFollowingCache<V> = ReturnType<typeof createChangeFollowingCache<V>>;
