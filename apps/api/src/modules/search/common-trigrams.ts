import { LIMITS } from '@alumlink/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * People sampled to tell which trigrams are common: the first by id, the people the sample walk
 * of the `sampled` statement reads (CONTAINS_SAMPLE, 1,000), so "common" follows what that walk
 * finds, the same for every app (a random sample flipped texts near the share between statements).
 */
const SAMPLED_PEOPLE = 2_000;
/**
 * A trigram of at least this share of the sampled people is common. At twice this share the
 * sample walk finds a page; between the two it finds part of one, and asks the trigram indexes
 * for the rest (what the `trigram` statement would do first, ranking more candidates).
 */
const COMMON_SHARE = 0.01;
/** The people the `sampled` statement's walk reads: the first this many by id (search.repository.ts). */
export const WALKED_PEOPLE = 1_000;
/** The walk stops at this many matches (a page): fewer, and the trigram indexes are asked too. */
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
 * True when at least a page of the walked people's search texts (lower-cased, as
 * users.search_text) contain `text`: the sample walk then answers it alone. Fewer, and the walk
 * reads its WALKED_PEOPLE people and the trigram indexes are asked as well ("ina.ok", "chen.12":
 * every trigram common, the text itself in a few people), which costs more than the trigram
 * indexes alone (decision record 058).
 */
export function walkFindsPage(text: string, walked: readonly string[]): boolean {
  const needle = text.toLowerCase();
  let found = 0;
  for (const searched of walked) if (searched.includes(needle) && (found += 1) >= PAGE) return true;
  return false;
}

/** The search texts of the people the sample walk reads (WALKED_PEOPLE, by id). */
export async function sampleWalkedTexts(db: Database): Promise<string[]> {
  const result = await db.execute<{ searchText: string }>(
    sql`select search_text as "searchText" from users order by id limit ${WALKED_PEOPLE}::integer`,
  );
  return result.rows.map((row) => row.searchText);
}

/**
 * The common trigrams, sampled on the first search and again in the background once older than
 * COMMON_TRIGRAMS_MAX_AGE_MS. They only choose which statement answers a text (its cost): every
 * statement answers true matches under the same privacy rules, so a stale sample is never wrong.
 */
export function createCommonTrigrams(db: Database, maxAgeMs = COMMON_TRIGRAMS_MAX_AGE_MS) {
  let common: ReadonlySet<string> = new Set();
  let walked: readonly string[] = [];
  let sampledAt = -Infinity;
  let sampling: Promise<void> | undefined;
  const refresh = async (): Promise<void> => {
    sampling ??= Promise.all([sampleCommonTrigrams(db), sampleWalkedTexts(db)])
      .then(([trigrams, texts]) => {
        common = trigrams;
        walked = texts;
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
     * True when every inner trigram of the text is common and the sample walk finds a page of it
     * (walkFindsPage); starts a new sample when the last one is old.
     */
    isCommon(text: string): boolean {
      if (Date.now() - sampledAt > maxAgeMs) void refresh();
      return allTrigramsCommon(text, common) && walkFindsPage(text, walked);
    },
  };
}
