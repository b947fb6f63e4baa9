import {
  MENTORING_MESSAGES,
  type Mentor,
  type MentorPage,
  type MentorProfile,
  type MentorsQuery,
  type UpdateMentorProfileFields,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { forbidden, validation } from '../../lib/errors';
import { canOnMentoring } from './mentoring.policy';
import { DEFAULT_MENTOR_PROFILE, presentMentor, presentMentorProfile } from './mentoring.presenter';
import { findOpenRequestsOf } from './mentorships.repository';
import * as repository from './mentoring.repository';
import { decodeLoadCursor, encodeLoadCursor } from '../../lib/pagination';

/** The caller's mentor card (the defaults when they never set one). */
export async function getMentorProfile(ctx: AppContext, user: AuthUser): Promise<MentorProfile> {
  return presentMentorProfile((await repository.findMentorProfile(ctx.db, user.id)) ?? DEFAULT_MENTOR_PROFILE);
}

/** 403 unless the person may be a mentor (alumni and admins). */
export function assertCanBeMentor(user: AuthUser): void {
  if (!canOnMentoring(user, 'be-mentor')) throw forbidden(MENTORING_MESSAGES.onlyAlumni, 'forbidden');
}

/**
 * Changes what is sent of the caller's card. A mentor needs at least one topic; lowering the
 * capacity below the current mentees keeps them (no new ones until a place frees up).
 */
export async function updateMentorProfile(ctx: AppContext, user: AuthUser, fields: UpdateMentorProfileFields): Promise<MentorProfile> {
  assertCanBeMentor(user);
  const current = (await repository.findMentorProfile(ctx.db, user.id)) ?? DEFAULT_MENTOR_PROFILE;
  const isMentor = fields.is_mentor ?? current.isMentor;
  const topics = fields.topics ?? current.topics;
  if (isMentor && topics.length === 0) throw validation({ topics: [MENTORING_MESSAGES.topicsRequired] });
  const row = await ctx.db.transaction((tx) =>
    repository.upsertMentorProfile(tx, user.id, {
      isMentor: fields.is_mentor,
      topics: fields.topics,
      capacity: fields.capacity,
      about: fields.about,
      accepting: fields.accepting,
    }),
  );
  return presentMentorProfile(row);
}

/**
 * After an admin changed someone's role (in that transaction): a role that may not mentor stops
 * their card taking mentees, so it leaves the list; an alumnus again turns it back on by hand.
 */
export async function applyRoleToMentorCard(db: Executor, user: Pick<AuthUser, 'id' | 'role'>): Promise<void> {
  if (!canOnMentoring(user, 'be-mentor')) await repository.pauseMentoring(db, user.id);
}

/**
 * A mentor's card with their summary, whether or not they take requests now; null unless they
 * mentor and the viewer may see them (every profile asks: "not a mentor" is an answer, not an error,
 * and null says nothing more about a hidden person than about a non-mentor).
 */
export async function getMentor(ctx: AppContext, viewer: AuthUser, userId: number): Promise<Mentor | null> {
  const row = await repository.findMentor(ctx.db, viewer, userId);
  if (!row) return null;
  const mine = (await findOpenRequestsOf(ctx.db, viewer.id, [row.id])).get(row.id);
  return presentMentor({ ...row, my_request_id: mine?.id ?? null, my_request_status: mine?.status ?? null });
}

/**
 * Open mentors (accepting, with a free place) the viewer may see, least loaded first; with `topic`
 * those offering it (whole value, any case) come first, then the others (DESIGN 8.3, "topic
 * matches first"); `q` matches names. The cursor says which of the two parts it is in.
 */
export async function listMentors(ctx: AppContext, viewer: AuthUser, query: MentorsQuery & { limit: number }): Promise<MentorPage> {
  const topicKey = query.topic ? query.topic.replace(/\s+/g, ' ').toLowerCase() : undefined;
  const nameLike = query.q ? repository.nameLikePattern(query.q) : undefined;
  const after = query.cursor ? decodeLoadCursor(query.cursor) : undefined;
  const take = query.limit + 1;
  const { mentoring } = ctx.repositories;
  const search = { viewer, topicKey, nameLike, take };
  const first = after?.rest
    ? []
    : await mentoring.findMentorPage({ ...search, after: after ? { load: after.load, id: after.id } : undefined });
  const others =
    topicKey !== undefined && first.length < take
      ? await mentoring.findMentorPage({
          ...search,
          otherThanTopic: true,
          after: after?.rest ? { load: after.load, id: after.id } : undefined,
        })
      : [];
  const rows = others.length === 0 ? first : first.concat(others);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  // The last row is of the second part ("rest") when the page reached past the first part's rows.
  const rest = items.length > first.length;
  const next = rows.length > query.limit && last ? encodeLoadCursor({ load: last.active_count, id: last.id, rest }) : null;
  // Each row carries the viewer's open mentorship with the mentor: one statement per part of the list.
  return { results: items.map(presentMentor), next };
}
