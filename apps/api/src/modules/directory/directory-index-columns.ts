/** How the directory index (decision record 056) holds people: typed columns of interned values. */

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

export const SEEN: Record<'company' | 'location' | 'cohort_year' | 'skills', number> = {
  company: 1,
  location: 2,
  cohort_year: 4,
  skills: 8,
};
export const SEEN_ALL = 15;

/** A growable list of small whole numbers. */
export class IntList {
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
export class Values {
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
export class Columns {
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
