import type { DirectoryFilters } from '@alumlink/contract';
import { nameWordsOf, type FacetAudience, type FacetRows } from './directory.repository';
import { Columns, IntList, SEEN, SEEN_ALL, Values, type IndexRow } from './directory-index-columns';

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
 * Slots (or name-index entries) handled between two breaths of a name index built in steps: a few
 * milliseconds of work, so that a worker building it still answers its requests.
 */
const NAME_INDEX_STEP = 2_000;

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

  constructor(rows: IndexRow[] = []) {
    for (const row of rows) this.put(row);
    this.indexNames();
  }

  /**
   * Adds people not yet loaded (a batch of a full load), leaving them out of the name index until
   * it is built again (indexingNames).
   */
  append(rows: IndexRow[]): void {
    for (const row of rows) this.put(row);
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

  /** Builds the name index over every slot loaded, at once. */
  private indexNames(): void {
    const steps = this.indexingNames();
    while (!steps.next().done);
  }

  /**
   * Builds the name index over every slot loaded, in steps: it yields after every NAME_INDEX_STEP
   * slots or entries, so that a full load can let the event loop run between them (at 100,000
   * people the whole index is about 1.75 M entries). The index in use stays the old one until the
   * last step.
   */
  *indexingNames(): Generator<void, void, undefined> {
    const c = this.columns;
    const length = c.length;
    const lists = new Map<string, number[]>();
    for (let slot = 0; slot < length; slot += 1) {
      if (slot % NAME_INDEX_STEP === NAME_INDEX_STEP - 1) yield;
      if (!c.alive[slot]) continue;
      const add = (gram: string) => {
        let list = lists.get(gram);
        if (!list) lists.set(gram, (list = []));
        if (list[list.length - 1] !== slot) list.push(slot);
      };
      gramsOf(c.first[slot] ?? '', add);
      gramsOf(c.last[slot] ?? '', add);
    }
    const postings = new Map<string, Int32Array>();
    let entries = 0;
    for (const [gram, list] of lists) {
      postings.set(gram, Int32Array.from(list));
      entries += list.length;
      if (entries >= NAME_INDEX_STEP * 10) {
        entries = 0;
        yield;
      }
    }
    this.postings = postings;
    this.indexed = length;
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
