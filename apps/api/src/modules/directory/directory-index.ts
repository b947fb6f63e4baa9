import { DEFAULT_FIELD_PRIVACY, type PrivateField } from '@alumlink/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { skillItemsSql, userSettings, users } from '../../db/schema/index';
import { DirectoryIndexData } from './directory-index-data';
import { SEEN, type IndexRow } from './directory-index-columns';

/*
 * The directory as the shared facet counts see it, in memory (decision record 056): every listed
 * person (active, verified, listed in the directory) with the values the facets group and filter
 * by, whether their profile is Public and which of their counted fields are shown to everyone.
 * Members' counts read Public people and fields shown to everyone; administrators' every listed
 * person and field (the same rules as directoryFacetsQuery). The counts of any filters are then
 * counted over the people the filters can match, found through a name index when `q` is set
 * (directory-index-data.ts; the columns in directory-index-columns.ts). Here: loading and keeping
 * the index true to the announcements.
 */

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
