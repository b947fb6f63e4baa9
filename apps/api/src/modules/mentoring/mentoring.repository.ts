import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MentorshipStatus } from '@alumlink/contract';
import type { Database, Executor } from '../../db/client';
import { literalLimit } from '../../db/prepared';
import { mentorProfiles, mentorships, mentorTopics, users, type MentorProfileRow, type MentorshipRow } from '../../db/schema/index';
import type { CursorPosition, LoadPosition } from '../../lib/pagination';
import { likeContains } from '../../lib/pagination';
import { fieldVisibleSql, fieldVisibleToViewerIdSql, visibleToSql, visibleToViewerIdSql, type Viewer } from '../settings/visibility';
import { userSummaryColumnsFor, userSummaryColumnsOfListed, type UserSummaryRow } from '../users/users.presenter';

export type MentorProfileFields = Pick<MentorProfileRow, 'isMentor' | 'topics' | 'capacity' | 'about' | 'accepting' | 'activeCount'>;

/** The card is listed: a mentor, accepting, with a free place. */
const open = sql`${mentorProfiles.isMentor} and ${mentorProfiles.accepting} and ${mentorProfiles.activeCount} < ${mentorProfiles.capacity}`;

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

/** The person's company unless its per-field audience leaves the viewer out (DESIGN 8.4). */
function companyFor(viewer: Viewer) {
  const visible = fieldVisibleSql(viewer, users.id, 'company');
  return visible ? sql<string>`case when ${visible} then ${users.company} else '' end` : users.company;
}

/** Position in the mentors list: load (active mentees) then person id, ascending. */
export type MentorCursor = LoadPosition;

export type MentorListRow = UserSummaryRow &
  Pick<MentorProfileRow, 'topics' | 'capacity' | 'activeCount' | 'about'> & { company: string; jobTitle: string };

/** Which mentors a page lists: those offering one topic or every open one, with or without the name box. */
export type MentorPageKind = { byTopic: boolean; byName: boolean };

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
  if (kind.byName) {
    const nameLike = sql`${sql.placeholder('nameLike')}::text`;
    conditions.push(
      sql`(lower(${users.firstName} || ' ' || ${users.lastName}) like ${nameLike} or lower(${users.username}) like ${nameLike})`,
    );
  }
  const columns = {
    ...userSummaryColumnsOfListed(viewerId, seesEveryone),
    company: sql<string>`case when ${seesEveryone}::boolean or ${fieldVisibleToViewerIdSql(viewerId, users.id, 'company')} then ${users.company} else '' end`,
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
    const name = `mentors_${kind.byTopic ? 'topic' : 'all'}${kind.byName ? '_name' : ''}_page_${take}`;
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

export type MentorSearch = { viewer: Viewer; topicKey?: string; nameLike?: string; after?: MentorCursor; take: number };

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
      company: companyFor(viewer),
      jobTitle: users.jobTitle,
      topics: mentorProfiles.topics,
      capacity: mentorProfiles.capacity,
      activeCount: mentorProfiles.activeCount,
      about: mentorProfiles.about,
    })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(
      and(eq(mentorProfiles.userId, userId), eq(mentorProfiles.isMentor, true), eq(users.isActive, true), visibleToSql(viewer, users.id)),
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

/** True when the person is an active, verified member. */
export async function isActiveMember(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), sql`${users.emailVerifiedAt} is not null`))
    .limit(1);
  return row !== undefined;
}

export type NewMentorship = { mentorId: number; menteeId: number; topic: string; message: string };

/** Null when the pair already has a pending or active one (mentorships_open_pair_idx). */
export async function insertMentorship(db: Executor, values: NewMentorship): Promise<number | null> {
  const [row] = await db
    .insert(mentorships)
    .values(values)
    .onConflictDoNothing({ target: [mentorships.mentorId, mentorships.menteeId], where: sql`status in ('pending', 'active')` })
    .returning({ id: mentorships.id });
  return row?.id ?? null;
}

export type MentorshipState = Pick<MentorshipRow, 'id' | 'mentorId' | 'menteeId' | 'status' | 'topic' | 'conversationId'>;

const stateColumns = {
  id: mentorships.id,
  mentorId: mentorships.mentorId,
  menteeId: mentorships.menteeId,
  status: mentorships.status,
  topic: mentorships.topic,
  conversationId: mentorships.conversationId,
};

export async function findMentorshipState(db: Executor, id: number): Promise<MentorshipState | null> {
  const [row] = await db.select(stateColumns).from(mentorships).where(eq(mentorships.id, id)).limit(1);
  return row ?? null;
}

/**
 * Moves a mentorship from `from` to `to` in one conditional statement: null when it was no
 * longer in `from` (a concurrent move won).
 */
export async function moveMentorship(
  db: Executor,
  id: number,
  from: MentorshipStatus,
  to: MentorshipStatus,
  extra: Partial<Pick<MentorshipRow, 'declineReason' | 'conversationId'>> = {},
): Promise<MentorshipState | null> {
  const [row] = await db
    .update(mentorships)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(mentorships.id, id), eq(mentorships.status, from)))
    .returning(stateColumns);
  return row ?? null;
}

const mentorUser = alias(users, 'mentor_user');
const menteeUser = alias(users, 'mentee_user');

function summaryOf(viewer: Viewer, table: typeof mentorUser | typeof menteeUser) {
  const visible = visibleToSql(viewer, table.id);
  const emailVisible = fieldVisibleSql(viewer, table.id, 'email');
  return {
    id: table.id,
    username: table.username,
    email: visible && emailVisible ? sql<string>`case when ${visible} and ${emailVisible} then ${table.email} else '' end` : table.email,
    firstName: table.firstName,
    lastName: table.lastName,
    handle: table.handle,
    role: table.role,
    image: table.image,
  };
}

export type MentorshipListRow = Pick<
  MentorshipRow,
  'id' | 'status' | 'topic' | 'message' | 'declineReason' | 'conversationId' | 'createdAt' | 'updatedAt'
> & { mentor: UserSummaryRow | null; mentee: UserSummaryRow | null };

export type MentorshipSearch = {
  viewer: Viewer;
  /** Whose side: the viewer as mentor, as mentee, or both. */
  side?: 'mentor' | 'mentee';
  status?: MentorshipStatus;
  mentorshipId?: number;
  before?: CursorPosition;
  take: number;
};

/** Mentorships newest first with both people: served by mentorships_mentor/mentee_created_idx. */
export function mentorshipsQuery(db: Executor, search: MentorshipSearch) {
  const me = search.viewer.id;
  const conditions: (SQL | undefined)[] = [];
  if (search.side === 'mentor') conditions.push(eq(mentorships.mentorId, me));
  else if (search.side === 'mentee') conditions.push(eq(mentorships.menteeId, me));
  else conditions.push(or(eq(mentorships.mentorId, me), eq(mentorships.menteeId, me)));
  if (search.status) conditions.push(eq(mentorships.status, search.status));
  if (search.mentorshipId !== undefined) conditions.push(eq(mentorships.id, search.mentorshipId));
  if (search.before) {
    const { at, id } = search.before;
    conditions.push(sql`(${mentorships.createdAt}, ${mentorships.id}) < (${at.toISOString()}::timestamptz, ${id}::integer)`);
  }
  return db
    .select({
      id: mentorships.id,
      status: mentorships.status,
      topic: mentorships.topic,
      message: mentorships.message,
      declineReason: mentorships.declineReason,
      conversationId: mentorships.conversationId,
      createdAt: mentorships.createdAt,
      updatedAt: mentorships.updatedAt,
      mentor: summaryOf(search.viewer, mentorUser),
      mentee: summaryOf(search.viewer, menteeUser),
    })
    .from(mentorships)
    .leftJoin(mentorUser, eq(mentorUser.id, mentorships.mentorId))
    .leftJoin(menteeUser, eq(menteeUser.id, mentorships.menteeId))
    .where(and(...conditions))
    .orderBy(desc(mentorships.createdAt), desc(mentorships.id))
    .limit(search.take);
}

type JoinedSummary = { [K in keyof UserSummaryRow]: UserSummaryRow[K] | null };

/** A left-joined person: null once they deleted their account. */
function personOf(row: JoinedSummary | null): UserSummaryRow | null {
  if (!row || row.id === null) return null;
  return {
    id: row.id,
    username: row.username ?? '',
    email: row.email ?? '',
    firstName: row.firstName ?? '',
    lastName: row.lastName ?? '',
    handle: row.handle,
    role: row.role ?? '',
    image: row.image,
  };
}

export async function findMentorships(db: Executor, search: MentorshipSearch): Promise<MentorshipListRow[]> {
  const rows = await mentorshipsQuery(db, search).execute();
  return rows.map((row) => ({ ...row, mentor: personOf(row.mentor), mentee: personOf(row.mentee) }));
}

/** Pending and active mentorships of a person, on either side (for account deletion). */
export async function openMentorshipsOf(db: Executor, userId: number): Promise<MentorshipState[]> {
  return db
    .select(stateColumns)
    .from(mentorships)
    .where(and(or(eq(mentorships.mentorId, userId), eq(mentorships.menteeId, userId)), inArray(mentorships.status, ['pending', 'active'])))
    .for('update');
}

export async function findUserSummary(db: Executor, userId: number): Promise<UserSummaryRow | null> {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      handle: users.handle,
      role: users.role,
      image: users.image,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
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
      const kind = { byTopic: search.topicKey !== undefined, byName: search.nameLike !== undefined };
      return mentorPageStatements(kind, search.take).execute(mentorPageParams(search));
    },
  };
}

export type MentoringRepository = ReturnType<typeof createMentoringRepository>;
