import { DEFAULT_FIELD_PRIVACY, type DirectoryFilters, type PrivateField } from '@alumlink/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { skillItemsSql, userSettings, users } from '../../db/schema/index';
import { nameWordsOf, type FacetAudience, type FacetRows } from './directory.repository';

/*
 * The directory as the shared facet counts see it, in memory (decision record 056): every listed
 * person (active, verified, listed in the directory) with the values the facets group and filter
 * by, whether their profile is Public and which of their counted fields are shown to everyone.
 * Members' counts read Public people and fields shown to everyone; administrators' every listed
 * person and field (the same rules as directoryFacetsQuery). The counts of any filters are then
 * counted here over the people the filters can match, found through a name index when `q` is set.
 */

/** One person as directoryIndexQuery reads them. */
export type IndexRow = {
  id: number;
  first: string;
  last: string;
  role: string;
  cohort_year: number | null;
  company: string;
  company_key: string;
  location: string;
  location_key: string;
  skills: string[];
  skill_keys: string[];
  open: boolean;
  public: boolean;
  /** Bits of SEEN: the counted fields shown to everyone. */
  seen: number;
};

const SEEN: Record<'company' | 'location' | 'cohort_year' | 'skills', number> = { company: 1, location: 2, cohort_year: 4, skills: 8 };
const SEEN_ALL = 15;

/**
 * The listed people (all, or those of `ids`) with what the index keeps of them: names and
 * case-insensitive keys lower-cased by the database (as the counting statement compares them),
 * skills split as it splits them, the settings' defaults for people without a settings row.
 */
export function directoryIndexQuery(ids?: readonly number[]): SQL {
  const seen = (Object.keys(SEEN) as (keyof typeof SEEN)[]).map((field) => {
    const column: SQLWrapper = {
      company: userSettings.companyVisibleTo,
      location: userSettings.locationVisibleTo,
      cohort_year: userSettings.cohortYearVisibleTo,
      skills: userSettings.skillsVisibleTo,
    }[field];
    const byDefault = DEFAULT_FIELD_PRIVACY[field satisfies PrivateField];
    return sql`(case when coalesce(${column}, ${sql.raw(`'${byDefault}'`)}) = 'everyone' then ${sql.raw(String(SEEN[field]))} else 0 end)`;
  });
  const some = ids === undefined ? sql`` : sql` and ${users.id} = any(string_to_array(${ids.join(',')}::text, ',')::integer[])`;
  return sql`select ${users.id} as id, lower(${users.firstName}) as first, lower(${users.lastName}) as last, ${users.role} as role,
    ${users.cohortYear} as cohort_year, ${users.company} as company, lower(${users.company}) as company_key,
    ${users.location} as location, lower(${users.location}) as location_key,
    string_to_array(${users.skills}, ', ') as skills, ${skillItemsSql(users.skills)} as skill_keys,
    ${users.openToReferrals} as open, coalesce(${userSettings.profileVisibility}, 'Public') = 'Public' as public,
    ${sql.join(seen, sql` + `)} as seen
    from ${users} left join ${userSettings} on ${userSettings.userId} = ${users.id}
    where ${users.isActive} and ${users.emailVerifiedAt} is not null and coalesce(${userSettings.listedInDirectory}, true)${some}`;
}

/** A growable list of small whole numbers. */
class IntList {
  items = new Int32Array(64);
  length = 0;
  push(value: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length] = value;
    this.length += 1;
  }
}

/** A zeroed array at least `size` long: `array` itself when it is. */
function atLeast(array: Int32Array, size: number): Int32Array {
  return array.length >= size ? array : new Int32Array(Math.max(size, array.length * 2));
}

/**
 * The values of one facet, interned: each spelling a small number, each spelling in a group (its
 * case-insensitive key: what the statement groups by). Counting scratch (counts per spelling and
 * the spellings touched) is kept here and emptied after each count.
 */
class Values {
  readonly spellingIds = new Map<string, number>();
  readonly spellings: string[] = [];
  readonly groupOf: number[] = [];
  readonly groupIds = new Map<string, number>();
  readonly groupKeys: (string | number)[] = [];
  counts = new Int32Array(64);
  readonly touched = new IntList();
  private groupCounts: Int32Array = new Int32Array(64);
  private groupBest: Int32Array = new Int32Array(64);
  private readonly touchedGroups = new IntList();

  intern(spelling: string, key: string | number): number {
    const known = this.spellingIds.get(spelling);
    if (known !== undefined) return known;
    const groupKey = String(key);
    let group = this.groupIds.get(groupKey);
    if (group === undefined) {
      group = this.groupKeys.length;
      this.groupIds.set(groupKey, group);
      this.groupKeys.push(key);
    }
    const id = this.spellings.length;
    this.spellingIds.set(spelling, id);
    this.spellings.push(spelling);
    this.groupOf.push(group);
    if (id >= this.counts.length) {
      const grown = new Int32Array(this.counts.length * 2);
      grown.set(this.counts);
      this.counts = grown;
    }
    return id;
  }

  add(spelling: number): void {
    const count = this.counts[spelling] ?? 0;
    this.counts[spelling] = count + 1;
    if (count === 0) this.touched.push(spelling);
  }

  /** Group `a` ranks before `b`: more people, then the key first in order (the C collation's, as the database's). */
  private before(a: number, b: number): boolean {
    const countA = this.groupCounts[a] ?? 0;
    const countB = this.groupCounts[b] ?? 0;
    if (countA !== countB) return countA > countB;
    return (this.groupKeys[a] ?? '') < (this.groupKeys[b] ?? '');
  }

  /**
   * The top `size` groups counted since the last call, most first (ties by key, as the database
   * orders them in the C collation), each shown by its most common spelling (ties: the first in
   * order, as mode() picks); then the scratch is emptied.
   */
  top(size: number): { value: string; count: number }[] {
    this.groupCounts = atLeast(this.groupCounts, this.groupKeys.length);
    this.groupBest = atLeast(this.groupBest, this.groupKeys.length);
    const { groupCounts, groupBest, counts, spellings, groupOf, touchedGroups } = this;
    // Each group's total and its most common spelling.
    for (let i = 0; i < this.touched.length; i += 1) {
      const spelling = this.touched.items[i] ?? 0;
      const group = groupOf[spelling] ?? 0;
      const count = counts[spelling] ?? 0;
      const total = groupCounts[group] ?? 0;
      if (total === 0) {
        touchedGroups.push(group);
        groupBest[group] = spelling;
      } else {
        const best = groupBest[group] ?? 0;
        const bestCount = counts[best] ?? 0;
        if (count > bestCount || (count === bestCount && (spellings[spelling] ?? '') < (spellings[best] ?? '')))
          groupBest[group] = spelling;
      }
      groupCounts[group] = total + count;
    }
    // The `size` first groups: a min-heap of the best seen (its root the last of them).
    const heap: number[] = [];
    const sift = (from: number) => {
      let at = from;
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let last = at;
        if (left < heap.length && this.before(heap[last] ?? 0, heap[left] ?? 0)) last = left;
        if (right < heap.length && this.before(heap[last] ?? 0, heap[right] ?? 0)) last = right;
        if (last === at) return;
        [heap[at], heap[last]] = [heap[last] ?? 0, heap[at] ?? 0];
        at = last;
      }
    };
    for (let i = 0; i < touchedGroups.length; i += 1) {
      const group = touchedGroups.items[i] ?? 0;
      if (heap.length < size) {
        heap.push(group);
        for (let at = heap.length - 1; at > 0;) {
          const parent = (at - 1) >> 1;
          if (!this.before(heap[parent] ?? 0, heap[at] ?? 0)) break;
          [heap[at], heap[parent]] = [heap[parent] ?? 0, heap[at] ?? 0];
          at = parent;
        }
      } else if (size > 0 && this.before(group, heap[0] ?? 0)) {
        heap[0] = group;
        sift(0);
      }
    }
    const result = heap
      .sort((a, b) => (this.before(a, b) ? -1 : 1))
      .map((group) => ({ value: spellings[groupBest[group] ?? 0] ?? '', count: groupCounts[group] ?? 0 }));
    for (let i = 0; i < this.touched.length; i += 1) counts[this.touched.items[i] ?? 0] = 0;
    for (let i = 0; i < touchedGroups.length; i += 1) groupCounts[touchedGroups.items[i] ?? 0] = 0;
    this.touched.length = 0;
    touchedGroups.length = 0;
    return result;
  }
}

/** Growable columns, one slot per person loaded (a reloaded person takes a new slot; the old one is dead). */
class Columns {
  capacity = 0;
  length = 0;
  ids = new Int32Array(0);
  alive = new Uint8Array(0);
  isPublic = new Uint8Array(0);
  seen = new Uint8Array(0);
  open = new Uint8Array(0);
  role = new Int32Array(0);
  cohort = new Int32Array(0);
  company = new Int32Array(0);
  location = new Int32Array(0);
  skills: number[][] = [];
  first: string[] = [];
  last: string[] = [];

  grow(): void {
    const capacity = Math.max(1024, this.capacity * 2);
    const copy = <T extends Int32Array | Uint8Array>(from: T, make: (size: number) => T): T => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.ids = copy(this.ids, (size) => new Int32Array(size));
    this.alive = copy(this.alive, (size) => new Uint8Array(size));
    this.isPublic = copy(this.isPublic, (size) => new Uint8Array(size));
    this.seen = copy(this.seen, (size) => new Uint8Array(size));
    this.open = copy(this.open, (size) => new Uint8Array(size));
    this.role = copy(this.role, (size) => new Int32Array(size));
    this.cohort = copy(this.cohort, (size) => new Int32Array(size));
    this.company = copy(this.company, (size) => new Int32Array(size));
    this.location = copy(this.location, (size) => new Int32Array(size));
    this.capacity = capacity;
  }
}

/** Bits of the filters a person fails (a facet counts a person who fails at most its own). */
const FAILS = { role: 1, cohort_year: 2, company: 4, location: 8, skill: 16 } as const;

/** The name grams of a lower-cased name: each character and each pair of adjacent characters. */
function gramsOf(name: string, add: (gram: string) => void): void {
  for (let i = 0; i < name.length; i += 1) {
    add(name.charAt(i));
    if (i + 1 < name.length) add(name.slice(i, i + 2));
  }
}

/**
 * The people and their values, with a name index over the first `indexed` slots: per gram (one
 * character or two), the slots whose first or last name holds it, ascending. Slots loaded after
 * (people reloaded since) are checked one by one until the index is rebuilt.
 */
export class DirectoryIndexData {
  readonly columns = new Columns();
  readonly slotOf = new Map<number, number>();
  readonly role = new Values();
  readonly cohort = new Values();
  readonly company = new Values();
  readonly location = new Values();
  readonly skill = new Values();
  private postings = new Map<string, Int32Array>();
  private indexed = 0;

  constructor(rows: IndexRow[]) {
    for (const row of rows) this.put(row);
    this.indexNames();
  }

  /** People loaded: the listed people alive (slots include the dead ones until a rebuild). */
  get size(): number {
    return this.slotOf.size;
  }

  /** Slots loaded since the name index was built. */
  get unindexed(): number {
    return this.columns.length - this.indexed;
  }

  /** Replaces what is known of `ids` by `rows` (the ones of them still listed). */
  reload(ids: readonly number[], rows: IndexRow[]): void {
    const c = this.columns;
    for (const id of ids) {
      const slot = this.slotOf.get(id);
      if (slot === undefined) continue;
      c.alive[slot] = 0;
      this.slotOf.delete(id);
    }
    for (const row of rows) this.put(row);
    // Checking unindexed slots one by one costs each name search; past a few thousand, index them.
    if (this.unindexed > 2_000 + this.indexed / 50) this.indexNames();
  }

  private put(row: IndexRow): void {
    const c = this.columns;
    const old = this.slotOf.get(row.id);
    if (old !== undefined) c.alive[old] = 0;
    if (c.length === c.capacity) c.grow();
    const slot = c.length;
    c.length += 1;
    this.slotOf.set(row.id, slot);
    c.ids[slot] = row.id;
    c.alive[slot] = 1;
    c.isPublic[slot] = row.public ? 1 : 0;
    c.seen[slot] = row.seen;
    c.open[slot] = row.open ? 1 : 0;
    c.role[slot] = this.role.intern(row.role, row.role);
    c.cohort[slot] = row.cohort_year === null ? -1 : this.cohort.intern(String(row.cohort_year), row.cohort_year);
    c.company[slot] = row.company === '' ? -1 : this.company.intern(row.company, row.company_key);
    c.location[slot] = row.location === '' ? -1 : this.location.intern(row.location, row.location_key);
    c.skills[slot] = row.skills.map((item, index) => this.skill.intern(item, row.skill_keys[index] ?? item.toLowerCase()));
    c.first[slot] = row.first;
    c.last[slot] = row.last;
  }

  /** Builds the name index over every slot loaded. */
  private indexNames(): void {
    const c = this.columns;
    const lists = new Map<string, number[]>();
    for (let slot = 0; slot < c.length; slot += 1) {
      if (!c.alive[slot]) continue;
      const add = (gram: string) => {
        let list = lists.get(gram);
        if (!list) lists.set(gram, (list = []));
        if (list[list.length - 1] !== slot) list.push(slot);
      };
      gramsOf(c.first[slot] ?? '', add);
      gramsOf(c.last[slot] ?? '', add);
    }
    this.postings = new Map([...lists].map(([gram, list]) => [gram, Int32Array.from(list)]));
    this.indexed = c.length;
  }

  /** Name index size in entries (for the record's memory figure). */
  get postingEntries(): number {
    let entries = 0;
    for (const list of this.postings.values()) entries += list.length;
    return entries;
  }

  /**
   * The live slots whose names hold every word (each in the first or the last name, as the
   * statement's name condition), or null without words (every live slot). Through the name index:
   * the rarest gram of any word gives the candidates.
   */
  private named(words: string[]): IntList | null {
    if (words.length === 0) return null;
    const c = this.columns;
    const found = new IntList();
    let driver: Int32Array | undefined;
    let exactWord = -1;
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index] ?? '';
      const grams: string[] = word.length === 1 ? [word] : [];
      for (let i = 0; i + 1 < word.length; i += 1) grams.push(word.slice(i, i + 2));
      for (const gram of grams) {
        const list = this.postings.get(gram) ?? new Int32Array(0);
        if (!driver || list.length < driver.length) {
          driver = list;
          // The gram is the whole word: every candidate holds it.
          exactWord = gram === word ? index : -1;
        }
      }
    }
    const rest = words.filter((_, index) => index !== exactWord);
    const holds = (slot: number, checked: string[]) => {
      const first = c.first[slot] ?? '';
      const last = c.last[slot] ?? '';
      for (const word of checked) if (!first.includes(word) && !last.includes(word)) return false;
      return true;
    };
    for (const slot of driver ?? []) if (c.alive[slot] && (rest.length === 0 || holds(slot, rest))) found.push(slot);
    for (let slot = this.indexed; slot < c.length; slot += 1) if (c.alive[slot] && holds(slot, words)) found.push(slot);
    return found;
  }

  /**
   * Every facet's top `size` values among the audience's people matching the filters, each facet
   * applying every filter but its own: what directoryFacetsQuery answers, counted here.
   */
  count(audience: FacetAudience, filters: DirectoryFilters, size: number): FacetRows {
    const c = this.columns;
    const admin = audience === 'everyone';
    const words = filters.q === undefined ? [] : nameWordsOf(filters.q);
    // A filter's value as the index holds it (-2: a value nobody has).
    const role = filters.role === undefined ? undefined : (this.role.spellingIds.get(filters.role) ?? -2);
    const cohort = filters.cohort_year === undefined ? undefined : (this.cohort.spellingIds.get(String(filters.cohort_year)) ?? -2);
    const group = (values: Values, value: string | undefined) =>
      value === undefined ? undefined : (values.groupIds.get(value.toLowerCase()) ?? -2);
    const company = group(this.company, filters.company);
    const location = group(this.location, filters.location);
    const skill = group(this.skill, filters.skill);
    const open = filters.open_to_referrals === undefined ? -1 : filters.open_to_referrals ? 1 : 0;
    const companyGroup = this.company.groupOf;
    const locationGroup = this.location.groupOf;
    const skillGroup = this.skill.groupOf;

    const candidates = this.named(words);
    const every = candidates === null;
    const end = every ? c.length : candidates.length;
    for (let i = 0; i < end; i += 1) {
      const slot = every ? i : (candidates.items[i] ?? 0);
      if (!c.alive[slot]) continue;
      if (!admin && !c.isPublic[slot]) continue;
      if (open >= 0 && c.open[slot] !== open) continue;
      const seen = admin ? SEEN_ALL : (c.seen[slot] ?? 0);
      const personCompany = c.company[slot] ?? -1;
      const personLocation = c.location[slot] ?? -1;
      const personCohort = c.cohort[slot] ?? -1;
      const personSkills = c.skills[slot] ?? [];
      let fails = 0;
      if (role !== undefined && c.role[slot] !== role) fails |= FAILS.role;
      if (cohort !== undefined && (!(seen & SEEN.cohort_year) || personCohort !== cohort)) fails |= FAILS.cohort_year;
      if (company !== undefined && (!(seen & SEEN.company) || personCompany < 0 || companyGroup[personCompany] !== company))
        fails |= FAILS.company;
      if (location !== undefined && (!(seen & SEEN.location) || personLocation < 0 || locationGroup[personLocation] !== location))
        fails |= FAILS.location;
      if (skill !== undefined) {
        let has = false;
        if (seen & SEEN.skills) for (const item of personSkills) if (skillGroup[item] === skill) has = true;
        if (!has) fails |= FAILS.skill;
      }
      // Failing two filters, the person counts nowhere; failing one, only in that filter's facet.
      if ((fails & (fails - 1)) !== 0) continue;
      if ((fails & ~FAILS.role) === 0) this.role.add(c.role[slot] ?? 0);
      if ((fails & ~FAILS.cohort_year) === 0 && seen & SEEN.cohort_year && personCohort >= 0) this.cohort.add(personCohort);
      if ((fails & ~FAILS.company) === 0 && seen & SEEN.company && personCompany >= 0) this.company.add(personCompany);
      if ((fails & ~FAILS.location) === 0 && seen & SEEN.location && personLocation >= 0) this.location.add(personLocation);
      if ((fails & ~FAILS.skill) === 0 && seen & SEEN.skills) for (const item of personSkills) this.skill.add(item);
    }
    return {
      role: this.role.top(size),
      cohort_year: this.cohort.top(size).map((item) => ({ value: Number(item.value), count: item.count })),
      company: this.company.top(size),
      skill: this.skill.top(size),
      location: this.location.top(size),
    };
  }
}

/**
 * Everyone is loaded again this often (in the background, the index answering meanwhile): a belt
 * against a change nobody announced (a trigger switched off).
 */
export const INDEX_REBUILD_MS = 10 * 60_000;

/** Reads the listed people (all of them, or those of the ids). */
export type LoadPeople = (ids?: readonly number[]) => Promise<IndexRow[]>;

/**
 * The index kept true to the announcements of directory changes (migration
 * 0046_directory_changes_name_people): each payload names the people changed ("*": anyone). A
 * count first applies every announcement heard before it (`sync`): the people named are read again
 * in one statement (everyone, at first use, after "*", on `reset`), shared by the counts waiting.
 */
export function createDirectoryIndex(load: LoadPeople, now: () => number = Date.now) {
  let data: DirectoryIndexData | null = null;
  let builtAt = 0;
  /** Announcements heard, and how many of them `data` holds. */
  let heard = 0;
  let applied = 0;
  let pending = new Set<number>();
  let everyone = true;
  let step: Promise<void> | null = null;
  /**
   * The belt's full load, made in the background while `data` answers, with the people announced
   * since it started: a step swaps it in after reloading them (and the pending ones) into it.
   */
  let fresh: { since: Set<number>; everyone: boolean; done: DirectoryIndexData | null } | null = null;

  const rebuildInBackground = () => {
    const started: NonNullable<typeof fresh> = { since: new Set(), everyone: false, done: null };
    fresh = started;
    builtAt = now();
    load().then(
      (rows) => {
        if (fresh !== started) return;
        started.done = new DirectoryIndexData(rows);
        // The next request takes a step, which swaps it in.
        heard += 1;
      },
      () => {
        if (fresh === started) fresh = null;
      },
    );
  };

  const loadEveryone = async () => {
    everyone = false;
    fresh = null;
    const waiting = pending;
    pending = new Set();
    try {
      data = new DirectoryIndexData(await load());
      builtAt = now();
    } catch (error) {
      everyone = true;
      for (const id of waiting) pending.add(id);
      throw error;
    }
  };

  const takeStep = async () => {
    const upTo = heard;
    const swap = fresh?.done ? fresh : null;
    if (everyone || !data || swap?.everyone) await loadEveryone();
    else if (swap?.done) {
      fresh = null;
      const ids = [...new Set([...pending, ...swap.since])];
      pending = new Set();
      try {
        const rows = await load(ids);
        swap.done.reload(ids, rows);
        data = swap.done;
      } catch (error) {
        for (const id of ids) pending.add(id);
        fresh ??= swap;
        throw error;
      }
    } else if (pending.size > 0) {
      const ids = [...pending];
      pending = new Set();
      try {
        const rows = await load(ids);
        // Steps run one at a time: no other load is applied meanwhile.
        data.reload(ids, rows);
      } catch (error) {
        for (const id of ids) pending.add(id);
        throw error;
      }
    }
    applied = upTo;
  };

  return {
    /** A payload of the change channel: the ids changed, or "*" (or anything else): anyone. */
    changed(payload: string): void {
      heard += 1;
      if (!/^\d+(,\d+)*$/.test(payload)) {
        everyone = true;
        if (fresh) fresh.everyone = true;
        return;
      }
      for (const id of payload.split(',')) {
        pending.add(Number(id));
        fresh?.since.add(Number(id));
      }
    },
    /** Announcements may have been missed (the channel was not listened to): reload everyone next. */
    reset(): void {
      heard += 1;
      everyone = true;
      fresh = null;
    },
    /** The index holding every announcement heard before the call (loading what they name). */
    async sync(): Promise<DirectoryIndexData> {
      if (data && !fresh && !everyone && now() - builtAt >= INDEX_REBUILD_MS) rebuildInBackground();
      const target = heard;
      while (applied < target || !data) {
        step ??= takeStep().finally(() => {
          step = null;
        });
        await step;
      }
      return data;
    },
    /** Whether a count would wait for a load of everyone (at first use, after "*" or a reset) or not. */
    get ready(): boolean {
      return data !== null && !everyone;
    },
    /** The data as last loaded (tests and measurements). */
    get loaded(): DirectoryIndexData | null {
      return data;
    },
  };
}
export type DirectoryIndex = ReturnType<typeof createDirectoryIndex>;
