import type { AdminMentoring, MentorshipCounts } from '@alumlink/contract';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { mentorProfiles, mentorships, users } from '../../db/schema/index';
import { presentUserSummary } from '../users/users.presenter';

/**
 * The `mentorships` block of the admin outcomes answer (DESIGN 8.2/8.3): requests made in
 * [from, to) (either bound optional) and where they are now. One grouped scan of
 * mentorships_created_idx.
 */
export async function mentorshipCounts(db: Executor, range: { from?: Date | null; to?: Date | null } = {}): Promise<MentorshipCounts> {
  const conditions: SQL[] = [];
  if (range.from) conditions.push(gte(mentorships.createdAt, range.from));
  if (range.to) conditions.push(lt(mentorships.createdAt, range.to));
  const rows = await db
    .select({ status: mentorships.status, count: count() })
    .from(mentorships)
    .where(and(...conditions))
    .groupBy(mentorships.status);
  const of = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return {
    requested: rows.reduce((sum, row) => sum + row.count, 0),
    pending: of('pending'),
    active: of('active'),
    completed: of('completed'),
    declined: of('declined'),
    cancelled: of('cancelled'),
  };
}

const TOP_TOPICS = 10;
const MENTORS_SHOWN = 50;

/** GET /api/admin/mentoring/: counts by status, the most asked-for topics, mentors by load. */
export async function adminMentoringOverview(ctx: Pick<AppContext, 'db'>): Promise<AdminMentoring> {
  const { db } = ctx;
  const counts = await mentorshipCounts(db);
  const topics = await db
    .select({ key: sql<string>`lower(${mentorships.topic})`, topic: sql<string>`min(${mentorships.topic})`, requests: count() })
    .from(mentorships)
    .groupBy(sql`lower(${mentorships.topic})`)
    .orderBy(desc(count()), sql`lower(${mentorships.topic})`)
    .limit(TOP_TOPICS);
  const mentorsPerTopic = topics.length
    ? await db
        .select({ key: sql<string>`k`, mentors: count() })
        .from(sql`${mentorProfiles}, unnest(${mentorProfiles.topicKeys}) as k`)
        .where(
          sql`${mentorProfiles.isMentor} and k in (${sql.join(
            topics.map((topic) => sql`${topic.key}`),
            sql`, `,
          )})`,
        )
        .groupBy(sql`k`)
    : [];
  const mentorRows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      handle: users.handle,
      role: users.role,
      image: users.image,
      topics: mentorProfiles.topics,
      capacity: mentorProfiles.capacity,
      activeCount: mentorProfiles.activeCount,
      accepting: mentorProfiles.accepting,
      pendingCount: sql<number>`(select count(*)::integer from ${mentorships} where ${mentorships.mentorId} = ${mentorProfiles.userId} and ${mentorships.status} = 'pending')`,
    })
    .from(mentorProfiles)
    .innerJoin(users, eq(users.id, mentorProfiles.userId))
    .where(eq(mentorProfiles.isMentor, true))
    .orderBy(desc(mentorProfiles.activeCount), mentorProfiles.userId)
    .limit(MENTORS_SHOWN);
  const [total] = await db.select({ total: count() }).from(mentorProfiles).where(eq(mentorProfiles.isMentor, true));
  return {
    counts,
    top_topics: topics.map((topic) => ({
      topic: topic.topic,
      requests: topic.requests,
      mentors: mentorsPerTopic.find((row) => row.key === topic.key)?.mentors ?? 0,
    })),
    mentors: mentorRows.map((row) => ({
      ...presentUserSummary(row),
      topics: row.topics,
      capacity: row.capacity,
      active_count: row.activeCount,
      pending_count: row.pendingCount,
      accepting: row.accepting,
    })),
    mentor_total: total?.total ?? 0,
  };
}
