import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { mentorProfiles, mentorTopics, users, type MentorProfileRow } from '../../db/schema/index';
import { likeContains } from '../../lib/pagination';
import { visibleToSql, type Viewer } from '../settings/visibility';
import { personFieldSql, userSummaryColumnsFor } from '../users/index';
import {
  mentorPageKindOf,
  mentorPageParams,
  openMentorSql,
  prepareMentorPageStatements,
  type MentorSearch,
  type MentorSqlRow,
} from './mentor-page.sql';

// The mentors' cards, their topics and the mentors list (its statements: mentor-page.sql.ts). Mentorships are in
// mentorships.repository.ts.

export type MentorProfileFields = Pick<MentorProfileRow, 'isMentor' | 'topics' | 'capacity' | 'about' | 'accepting' | 'activeCount'>;

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
    where ${mentorProfiles.userId} = ${userId}::integer and ${openMentorSql}`);
}

/** A mentor's card with their summary, named as the list's rows (mentorPageQuery), without the viewer's request. */
export type MentorCardRow = Omit<MentorSqlRow, 'my_request_id' | 'my_request_status'>;

/** One mentor's card (listed or not) if they mentor and the viewer may see them. */
export async function findMentor(db: Executor, viewer: Viewer, userId: number): Promise<MentorCardRow | null> {
  const summary = userSummaryColumnsFor(viewer);
  const [row] = await db
    .select({
      id: summary.id,
      username: summary.username,
      email: summary.email,
      first_name: summary.firstName,
      last_name: summary.lastName,
      handle: summary.handle,
      role: summary.role,
      image: summary.image,
      company: personFieldSql(viewer, 'company'),
      job_title: users.jobTitle,
      topics: mentorProfiles.topics,
      capacity: mentorProfiles.capacity,
      active_count: mentorProfiles.activeCount,
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
    findMentorPage(search: MentorSearch): Promise<MentorSqlRow[]> {
      return mentorPageStatements(mentorPageKindOf(search), search.take).execute(mentorPageParams(search));
    },
  };
}

export type MentoringRepository = ReturnType<typeof createMentoringRepository>;
