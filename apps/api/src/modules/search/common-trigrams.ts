import { LIMITS } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * People sampled to tell which trigrams are common: the first by id, among them the people whose
 * matches the `sampled` statement reads (WALKED_PEOPLE, 1,000), so "common" follows what that
 * sample finds, the same for every app (a random sample flipped texts near the share between statements).
 */
const SAMPLED_PEOPLE = 2_000;
/** A trigram of at least this share of the sampled people is common. */
const COMMON_SHARE = 0.01;
/** The people whose matches the `sampled` statement reads: the first this many by id (walkedMatches). */
export const WALKED_PEOPLE = 1_000;
/** A page of matches: a text fewer of the walked people contain goes to the trigram indexes. */
const PAGE = LIMITS.searchResultsMax;
/** How long a sample is trusted before the next search takes a new one (in the background). */
const COMMON_TRIGRAMS_MAX_AGE_MS = 10 * 60_000;

/**
 * The trigrams pg_trgm looks up for `like '%text%'` that lie inside a word (no blank padding):
 * every three letters or digits in a row of the lower-cased text. pg_trgm stores a trigram of
 * non-ASCII letters as a hash, so such a trigram never equals a sampled one: a text of them is
 * taken for rare (the trigram indexes answer it; correct, only not always the cheapest).
 */
export function innerTrigrams(text: string): string[] {
  const trigrams: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []) {
    const letters = [...word];
    for (let start = 0; start + 3 <= letters.length; start += 1) trigrams.push(letters.slice(start, start + 3).join(''));
  }
  return trigrams;
}

/** True when every inner trigram of `text` is common (and it has one): its matches may be much of the table. */
export function allTrigramsCommon(text: string, common: ReadonlySet<string>): boolean {
  const trigrams = innerTrigrams(text);
  return trigrams.length > 0 && trigrams.every((trigram) => common.has(trigram));
}

/**
 * The inner trigrams (ASCII letters and digits) of the searched text of at least COMMON_SHARE of
 * a sample of people: e-mail domains, the most frequent name parts (show_trgm lists each of a
 * text's trigrams once, so a trigram's count is its number of people).
 */
export async function sampleCommonTrigrams(db: Database): Promise<Set<string>> {
  const result = await db.execute<{ trigram: string }>(sql`
    with sampled as (
      select search_text from users order by id limit ${SAMPLED_PEOPLE}::integer
    )
    select trigram from sampled, unnest(show_trgm(search_text)) as trigram
    where trigram ~ '^[a-z0-9]{3}$'
    group by trigram
    having count(*) >= greatest(2, ${COMMON_SHARE}::float8 * (select count(*) from sampled))`);
  return new Set(result.rows.map((row) => row.trigram));
}

/**
 * Of the walked people's search texts that contain `text`, at most this many are handed to the
 * `sampled` statement, by id (a page, and room for people the viewer may not list or whose match
 * spans two fields: those take no slot). A text the sample holds more often than this (an e-mail
 * domain) is an arbitrary few of its many matches either way.
 */
export const SAMPLED_IDS = 3 * PAGE;

/** One of the people the `sampled` statement looks at: their id and stored search text (users.search_text). */
export type WalkedPerson = { id: number; searchText: string };

/**
 * The ids (in id order, at most SAMPLED_IDS) of the walked people whose search texts (lower-cased,
 * as users.search_text) contain `text`, when at least a page of them do: the `sampled` statement
 * then reads those people by primary key, where it used to walk the first WALKED_PEOPLE people
 * until a page of them matched (up to a thousand rows for a text that one in fifty contains,
 * decision record 063). Fewer than a page: undefined, and the trigram indexes answer the text
 * ("ina.ok", "chen.12": every trigram common, the text itself in a few people; decision 058).
 */
export function walkedMatches(text: string, walked: readonly WalkedPerson[]): number[] | undefined {
  const needle = text.toLowerCase();
  const ids: number[] = [];
  for (const person of walked) if (person.searchText.includes(needle) && ids.push(person.id) >= SAMPLED_IDS) break;
  return ids.length >= PAGE ? ids : undefined;
}

/** The people the sample looks at (WALKED_PEOPLE, by id), with their search texts. */
export async function sampleWalkedPeople(db: Database): Promise<WalkedPerson[]> {
  const result = await db.execute<WalkedPerson>(
    sql`select id, search_text as "searchText" from users order by id limit ${WALKED_PEOPLE}::integer`,
  );
  return result.rows.map((row) => ({ id: Number(row.id), searchText: row.searchText }));
}

/**
 * The common trigrams, sampled on the first search and again in the background once older than
 * COMMON_TRIGRAMS_MAX_AGE_MS. They only choose which statement answers a text (its cost): every
 * statement answers true matches under the same privacy rules, so a stale sample is never wrong.
 */
export function createCommonTrigrams(db: Database, maxAgeMs = COMMON_TRIGRAMS_MAX_AGE_MS) {
  let common: ReadonlySet<string> = new Set();
  let walked: readonly WalkedPerson[] = [];
  let sampledAt = -Infinity;
  let sampling: Promise<void> | undefined;
  const refresh = async (): Promise<void> => {
    sampling ??= Promise.all([sampleCommonTrigrams(db), sampleWalkedPeople(db)])
      .then(([trigrams, people]) => {
        common = trigrams;
        walked = people;
        sampledAt = Date.now();
      })
      .catch(() => {
        sampledAt = Date.now();
      })
      .finally(() => {
        sampling = undefined;
      });
    return sampling;
  };
  return {
    /** Samples now and waits (tests, after loading people). */
    refresh,
    /**
     * When every inner trigram of the text is common and at least a page of the sampled people
     * contain it: the ids of those people (walkedMatches), for the `sampled` statement; else
     * undefined. Starts a new sample when the last one is old.
     */
    sampledMatches(text: string): number[] | undefined {
      if (Date.now() - sampledAt > maxAgeMs) void refresh();
      return allTrigramsCommon(text, common) ? walkedMatches(text, walked) : undefined;
    },
  };
}
