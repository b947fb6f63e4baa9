import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { mentorProfiles, mentorTopics, users, type MentorProfileRow } from '../../db/schema/index';
import type { LoadPosition } from '../../lib/pagination';
import { likeContains } from '../../lib/pagination';
import { visibleToSql, visibleToViewerIdSql, type Viewer } from '../settings/visibility';
import { listedPersonFieldSql, personFieldSql } from '../users/index';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor, userSummaryColumnsOfListed } from '../users/index';

// The mentors' cards, their topics and the mentors list. Mentorships are in mentorships.repository.ts.

export type MentorProfileFields = Pick<MentorProfileRow, 'isMentor' | 'topics' | 'capacity' | 'about' | 'accepting' | 'activeCount'>;

/** The card is listed: a mentor, accepting, with a free place. */
const open = sql`${mentorProfiles.isMentor} and ${mentorProfiles.accepting} and ${mentorProfiles.activeCount} < ${mentorProfiles.capacity}`;

/**
 * The person may mentor now (mentoring.policy: alumni and admins). A card outlives a role an admin
 * lowered; lowering it also stops the card accepting (pauseMentoring), which keeps it out of the list.
 */
const mayMentorSql = sql`${users.role} in ('AL', 'AD')`;

const profileColumns = {
  isMentor: mentorProfiles.isMentor,
  topics: mentorProfiles.topics,
  capacity: mentorProfiles.capacity,
  about: mentorProfiles.about,
  accepting: mentorProfiles.accepting,
  activeCount: mentorProfiles.activeCount,
};

export async function findMentorProfile(db: Executor, userId: number): Promise<MentorProfileFields | null> {
  const [row] = await db.select(profileColumns).from(mentorProfiles).where(eq(mentorProfiles.userId, userId)).limit(1);
  return row ?? null;
}

/** Creates or changes the person's card; topic keys follow the topics in the same statement. */
export async function upsertMentorProfile(
  db: Executor,
  userId: number,
  changes: Partial<Pick<MentorProfileRow, 'isMentor' | 'topics' | 'capacity' | 'about' | 'accepting'>>,
): Promise<MentorProfileFields> {
  const set = {
    ...changes,
    updatedAt: new Date(),
    ...(changes.topics ? { topicKeys: changes.topics.map((topic) => topic.toLowerCase()) } : {}),
  };
  const [row] = await db
    .insert(mentorProfiles)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: mentorProfiles.userId, set })
    .returning(profileColumns);
  if (!row) throw new Error('upsertMentorProfile: no row returned');
  await syncMentorTopics(db, userId);
  return row;
}

/**
 * Rewrites the person's mentor_topics rows from their card: one per topic while they are open
 * (mentor, accepting, a free place), none otherwise. Run in the transaction that changed the card.
 */
async function syncMentorTopics(db: Executor, userId: number): Promise<void> {
  await db.delete(mentorTopics).where(eq(mentorTopics.userId, userId));
  await db.execute(sql`
    insert into ${mentorTopics} (topic_key, user_id, active_count)
    select distinct unnest(${mentorProfiles.topicKeys}), ${mentorProfiles.userId}, ${mentorProfiles.activeCount}
    from ${mentorProfiles}
    where ${mentorProfiles.userId} = ${userId}::integer and ${open}`);
}

/** Position in the mentors list: load (active mentees) then person id, ascending. */
export type MentorCursor = LoadPosition;

export type MentorListRow = UserSummaryRow &
  Pick<MentorProfileRow, 'topics' | 'capacity' | 'activeCount' | 'about'> & { company: string; jobTitle: string };

/**
 * Which mentors a page lists: those offering one topic (byTopic), the open ones that do not
 * (otherThanTopic: the second part of "topic matches first"), or every open one; with or without
 * the name box.
 */
export type MentorPageKind = { byTopic: boolean; otherThanTopic?: boolean; byName: boolean };

/**
 * A page of `take` open mentors (accepting, with a free place), least loaded first, after a
 * (load, id) position, visible to the viewer, not the viewer, as a query with placeholders
 * (viewerId, seesEveryone, topicKey, nameLike, afterLoad, afterId) so it is prepared once per kind
 * and page size, its page size written into the text (decision 006). Served by
 * mentor_profiles_open_idx in order, or with a topic by mentor_topics_list_idx in order (both
 * stop after a page unless the name filter drops many). The people it lists are visible to the
 * viewer, so only the e-mail's and the company's own audiences are applied to their fields.
 */
export function mentorPageQuery(db: Executor, kind: MentorPageKind, take: number) {
  const viewerId = sql.placeholder('viewerId');
  const seesEveryone = sql.placeholder('seesEveryone');
  const load = kind.byTopic ? mentorTopics.activeCount : mentorProfiles.activeCount;
  const person = kind.byTopic ? mentorTopics.userId : mentorProfiles.userId;
  const conditions: SQL[] = [
    // mentor_topics holds open mentors only (syncMentorTopics).
    kind.byTopic ? sql`${mentorTopics.topicKey} = ${sql.placeholder('topicKey')}::text` : open,
    sql`${person} <> ${viewerId}::integer`,
    eq(users.isActive, true),
    sql`${users.emailVerifiedAt} is not null`,
    sql`(${seesEveryone}::boolean or ${visibleToViewerIdSql(viewerId, users.id)})`,
    sql`(${load}, ${person}) > (${sql.placeholder('afterLoad')}::integer, ${sql.placeholder('afterId')}::integer)`,
  ];
  if (kind.otherThanTopic) conditions.push(sql`not (${sql.placeholder('topicKey')}::text = any(${mentorProfiles.topicKeys}))`);
  if (kind.byName) {
    const nameLike = sql`${sql.placeholder('nameLike')}::text`;
    conditions.push(
      sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${nameLike} or lower(${users.username}) like ${nameLike})`,
    );
  }
  const columns = {
    ...userSummaryColumnsOfListed(viewerId, seesEveryone),
    company: listedPersonFieldSql(viewerId, seesEveryone, 'company'),
    jobTitle: users.jobTitle,
    topics: mentorProfiles.topics,
    capacity: mentorProfiles.capacity,
    activeCount: mentorProfiles.activeCount,
    about: mentorProfiles.about,
  };
  const base = kind.byTopic
    ? db
        .select(columns)
        .from(mentorTopics)
        .innerJoin(mentorProfiles, eq(mentorProfiles.userId, mentorTopics.userId))
        .innerJoin(users, eq(users.id, mentorTopics.userId))
    : db.select(columns).from(mentorProfiles).innerJoin(users, eq(users.id, mentorProfiles.userId));
  return base
    .where(and(...conditions))
    .orderBy(asc(load), asc(person))
    .limit(literalLimit(take));
}

type MentorPageStatement = ReturnType<ReturnType<typeof mentorPageQuery>['prepare']>;

/** One prepared statement per kind and page size, made on first use (page sizes are bounded by LIMITS.pageMax). */
const prepareMentorPageStatements = (db: Database) => {
  const statements = new Map<string, MentorPageStatement>();
  return (kind: MentorPageKind, take: number): MentorPageStatement => {
    const subset = kind.byTopic ? 'topic' : kind.otherThanTopic ? 'other' : 'all';
    const name = `mentors_${subset}${kind.byName ? '_name' : ''}_page_${take}`;
    let statement = statements.get(name);
    if (!statement) {
      statement = mentorPageQuery(db, kind, take).prepare(name);
      statements.set(name, statement);
    }
    return statement;
  };
};

/** Before every mentor: loads are never negative (mentor_profiles_active_count_check). */
const FIRST_PAGE: MentorCursor = { load: -1, id: 0 };

export type MentorSearch = {
  viewer: Viewer;
  topicKey?: string;
  /** With topicKey: the open mentors who do not offer it, instead of those who do. */
  otherThanTopic?: boolean;
  nameLike?: string;
  after?: MentorCursor;
  take: number;
};

/** The placeholders of mentorPageQuery for a search (its page size is mentorPageQuery's `take`). */
export function mentorPageParams(search: MentorSearch) {
  const after = search.after ?? FIRST_PAGE;
  return {
    viewerId: search.viewer.id,
    seesEveryone: search.viewer.role === 'AD',
    topicKey: search.topicKey ?? '',
    nameLike: search.nameLike ?? '',
    afterLoad: after.load,
    afterId: after.id,
  };
}

/** One mentor's card (listed or not) if they mentor and the viewer may see them. */
export async function findMentor(db: Executor, viewer: Viewer, userId: number): Promise<MentorListRow | null> {
  const [row] = await db
    .select({
      ...userSummaryColumnsFor(viewer),
      company: personFieldSql(viewer, 'company'),
      jobTitle: users.jobTitle,
      topics: mentorProfiles.topics,
      capacity: mentorProfiles.capacity,
      activeCount: mentorProfiles.activeCount,
      about: mentorProfiles.about,
    })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(
      and(
        eq(mentorProfiles.userId, userId),
        eq(mentorProfiles.isMentor, true),
        eq(users.isActive, true),
        mayMentorSql,
        visibleToSql(viewer, users.id),
      ),
    )
    .limit(1);
  return row ?? null;
}

export function nameLikePattern(q: string): string {
  return likeContains(q.toLowerCase());
}

/** The mentor's card, locked for the rest of the transaction (accepting re-checks capacity under it). */
export async function lockMentorProfile(db: Executor, userId: number): Promise<MentorProfileFields | null> {
  const [row] = await db.select(profileColumns).from(mentorProfiles).where(eq(mentorProfiles.userId, userId)).for('update').limit(1);
  return row ?? null;
}

export async function addToActiveCount(db: Executor, userId: number, delta: number): Promise<void> {
  await db
    .update(mentorProfiles)
    .set({ activeCount: sql`greatest(${mentorProfiles.activeCount} + ${delta}::integer, 0)` })
    .where(eq(mentorProfiles.userId, userId));
  await syncMentorTopics(db, userId);
}

/** The card takes no new mentees (it stays, unlisted, and its mentees stay); the topics follow. */
export async function pauseMentoring(db: Executor, userId: number): Promise<void> {
  await db.update(mentorProfiles).set({ accepting: false, updatedAt: new Date() }).where(eq(mentorProfiles.userId, userId));
  await syncMentorTopics(db, userId);
}

/** The person no longer mentors (their card stays, unlisted). */
export async function stopMentoring(db: Executor, userId: number): Promise<void> {
  await db
    .update(mentorProfiles)
    .set({ isMentor: false, accepting: false, updatedAt: new Date() })
    .where(eq(mentorProfiles.userId, userId));
  await syncMentorTopics(db, userId);
}

/** The statements of this module, prepared once per app, behind their methods (`ctx.repositories.mentoring`). */
export function createMentoringRepository(db: Database) {
  const mentorPageStatements = prepareMentorPageStatements(db);
  return {
    /** A page of the mentors list (prepared statements, see mentorPageQuery). */
    findMentorPage(search: MentorSearch): Promise<MentorListRow[]> {
      const byTopic = search.topicKey !== undefined && !search.otherThanTopic;
      const kind = { byTopic, otherThanTopic: search.topicKey !== undefined && !byTopic, byName: search.nameLike !== undefined };
      return mentorPageStatements(kind, search.take).execute(mentorPageParams(search));
    },
  };
}

export type MentoringRepository = ReturnType<typeof createMentoringRepository>;
