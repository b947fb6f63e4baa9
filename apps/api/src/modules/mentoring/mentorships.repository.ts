import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MentorshipStatus, Role } from '@alumlink/contract';
import type { Executor } from '../../db/client';
import { mentorships, users, type MentorshipRow } from '../../db/schema/index';
import type { CursorPosition } from '../../lib/pagination';
import type { Viewer } from '../settings/visibility';
import { type UserSummaryRow } from '../users/users.presenter';
import { userSummaryColumnsFor } from '../users/index';

// Mentorships: requests between a mentee and a mentor and the steps they take (mentorships.service.ts).
// The mentors' cards and the mentors list are in mentoring.repository.ts.

/** The role of an active, verified member; null for anyone else. */
export async function roleOfActiveMember(db: Executor, userId: number): Promise<Role | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true), sql`${users.emailVerifiedAt} is not null`))
    .limit(1);
  // users_role_check holds the stored value to the four roles.
  return row ? (row.role as Role) : null;
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
      mentor: userSummaryColumnsFor(search.viewer, mentorUser),
      mentee: userSummaryColumnsFor(search.viewer, menteeUser),
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

/** The mentee's pending or active mentorships with these mentors, by mentor id (mentorships_open_pair_idx). */
export async function findOpenRequestsOf(
  db: Executor,
  menteeId: number,
  mentorIds: number[],
): Promise<Map<number, { id: number; status: string }>> {
  if (mentorIds.length === 0) return new Map();
  const rows = await db
    .select({ id: mentorships.id, mentorId: mentorships.mentorId, status: mentorships.status })
    .from(mentorships)
    .where(
      and(eq(mentorships.menteeId, menteeId), inArray(mentorships.mentorId, mentorIds), inArray(mentorships.status, ['pending', 'active'])),
    );
  return new Map(rows.flatMap((row) => (row.mentorId === null ? [] : [[row.mentorId, { id: row.id, status: row.status }] as const])));
}
