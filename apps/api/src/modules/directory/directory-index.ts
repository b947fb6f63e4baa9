import { DEFAULT_FIELD_PRIVACY, type PrivateField } from '@alumlink/contract';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { sqlInteger } from '../../db/prepared';
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
 * Which listed people a statement reads: those of `ids` (people announced), or a batch of a full
 * load: the first `take` by id after `after` (keyset, so each batch is a range of the primary key).
 */
export type PeopleToLoad = { ids: readonly number[] } | { after: number; take: number };

/**
 * The listed people (all of them, or those of `which`) with what the index keeps of them: names
 * and case-insensitive keys lower-cased by the database (as the counting statement compares them),
 * skills split as it splits them, the settings' defaults for people without a settings row.
 */
export function directoryIndexQuery(which?: PeopleToLoad): SQL {
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
  const some =
    which === undefined
      ? sql``
      : 'ids' in which
        ? sql` and ${users.id} = any(string_to_array(${which.ids.join(',')}::text, ',')::integer[])`
        : sql` and ${users.id} > ${which.after} order by ${users.id} limit ${sqlInteger(which.take)}`;
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

/**
 * People read per statement of a full load. A full load in one statement held a worker's event
 * loop for the build of everyone (hundreds of milliseconds at 100,000 people, seconds under load):
 * in batches, each a range of the primary key, the worker breathes between them and answers its
 * other requests.
 */
export const LOAD_BATCH = 2_000;

/** Reads the listed people named, or a batch of everyone (directoryIndexQuery). */
export type LoadPeople = (which: PeopleToLoad) => Promise<IndexRow[]>;

/** Lets the event loop run what waits (timers, sockets, requests) before the next step of a load. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

class IndexClosed extends Error {
  constructor() {
    super('the directory index is closed');
  }
}

/**
 * Everyone, read in batches by id and built in steps (the name index last), breathing between
 * them; stops at the next step once `closed()`.
 */
async function loadEveryoneInSteps(load: LoadPeople, batch: number, closed: () => boolean): Promise<DirectoryIndexData> {
  const data = new DirectoryIndexData();
  // User ids are serial, from 1.
  let after = 0;
  for (;;) {
    const rows = await load({ after, take: batch });
    if (closed()) throw new IndexClosed();
    data.append(rows);
    const last = rows[rows.length - 1];
    if (rows.length < batch || !last) break;
    after = last.id;
    await breathe();
  }
  const naming = data.indexingNames();
  while (!naming.next().done) {
    await breathe();
    if (closed()) throw new IndexClosed();
  }
  return data;
}

export type DirectoryIndexOptions = {
  now?: () => number;
  /** People read per statement of a full load. */
  batch?: number;
};

/**
 * The index kept true to the announcements of directory changes (migration
 * 0046_directory_changes_name_people): each payload names the people changed ("*": anyone). A
 * count first applies every announcement heard before it (`sync`): the people named are read again
 * in one statement (everyone, in batches, when the channel is listened to, after "*", on `reset`),
 * shared by the counts waiting. `close` stops a load under way and waits for it.
 */
export function createDirectoryIndex(load: LoadPeople, { now = Date.now, batch = LOAD_BATCH }: DirectoryIndexOptions = {}) {
  let data: DirectoryIndexData | null = null;
  let builtAt = 0;
  /** Announcements heard, and how many of them `data` holds. */
  let heard = 0;
  let applied = 0;
  let pending = new Set<number>();
  let everyone = true;
  let step: Promise<void> | null = null;
  let closed = false;
  const isClosed = () => closed;
  /**
   * The belt's full load, made in the background while `data` answers, with the people announced
   * since it started: a step swaps it in after reloading them (and the pending ones) into it.
   */
  let fresh: { since: Set<number>; everyone: boolean; done: DirectoryIndexData | null } | null = null;
  let rebuilding: Promise<void> | null = null;

  const rebuildInBackground = () => {
    const started: NonNullable<typeof fresh> = { since: new Set(), everyone: false, done: null };
    fresh = started;
    builtAt = now();
    rebuilding = loadEveryoneInSteps(load, batch, isClosed).then(
      (loaded) => {
        if (fresh !== started) return;
        started.done = loaded;
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
      data = await loadEveryoneInSteps(load, batch, isClosed);
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
        const rows = await load({ ids });
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
        const rows = await load({ ids });
        // Steps run one at a time: no other load is applied meanwhile.
        data.reload(ids, rows);
      } catch (error) {
        for (const id of ids) pending.add(id);
        throw error;
      }
    }
    applied = upTo;
  };

  const sync = async (): Promise<DirectoryIndexData> => {
    if (closed) throw new IndexClosed();
    if (data && !fresh && !everyone && now() - builtAt >= INDEX_REBUILD_MS) rebuildInBackground();
    const target = heard;
    while (applied < target || !data) {
      step ??= takeStep().finally(() => {
        step = null;
      });
      await step;
    }
    return data;
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
    sync,
    /**
     * Loads everyone now, in the background (the channel has just been listened to: announcements
     * may have been missed, and the first count should not wait for, nor share its worker with, a
     * load of everyone). Requests meanwhile are counted by the statement (`ready` is false).
     */
    prepare(): void {
      if (!closed) sync().catch(() => undefined);
    },
    /** Stops a load under way (at its next step) and waits for it: nothing runs after the app closed. */
    async close(): Promise<void> {
      closed = true;
      fresh = null;
      await Promise.allSettled([step, rebuilding]);
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
