import {
  MENTORING_MESSAGES,
  type CreateMentorshipFields,
  type Mentorship,
  type MentorshipPage,
  type MentorshipStatus,
  type MentorshipsQuery,
  type PageQuery,
} from '@alumlink/contract';
import { workScopeOf, type AppContext, type Scope } from '../../app-context';
import type { Database, Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { AppError, conflict, forbidden, notFound, validation } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { carryRequestIntoConversation } from './mentorship-first-message';
import { openConversationBetween } from '../messaging/messaging.service';
import { notify } from '../notifications/notify.service';
import { mentoringNotice, type MentoringNotificationType } from './mentoring.notices';
import { canSeePerson } from '../settings/visibility';
import { findUserSummary } from '../users/users.service';
import { canOnMentoring, type MentoringAction } from './mentoring.policy';
import { presentMentorship } from './mentoring.presenter';
import { addToActiveCount, findMentorProfile, lockMentorProfile, stopMentoring } from './mentoring.repository';
import * as repository from './mentorships.repository';

const mentorshipNotFound = () => notFound(MENTORING_MESSAGES.notFound);
const invalidTransition = () => conflict(MENTORING_MESSAGES.invalidTransition, 'invalid_transition');
const mentorUnavailable = () => conflict(MENTORING_MESSAGES.mentorUnavailable, 'mentor_unavailable');

/** The caller's mentorships newest first: as mentor, as mentee, or both; one status or all. */
export async function listMentorships(ctx: AppContext, viewer: AuthUser, query: MentorshipsQuery & PageQuery): Promise<MentorshipPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findMentorships(ctx.db, { viewer, side: query.as, status: query.status, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
  return { results: items.map(presentMentorship), next };
}

async function presentOne(db: Executor, viewer: AuthUser, id: number): Promise<Mentorship> {
  const [row] = await repository.findMentorships(db, { viewer, mentorshipId: id, take: 1 });
  if (!row) throw mentorshipNotFound();
  return presentMentorship(row);
}

/**
 * A mentee asks a mentor: not themself (400), an open mentor they may see (404 otherwise; 409
 * mentor_unavailable when paused or full), one pending or active request per pair (409).
 */
export async function requestMentorship(ctx: AppContext, mentee: AuthUser, fields: CreateMentorshipFields): Promise<Mentorship> {
  const { db } = ctx;
  if (fields.mentor_id === mentee.id) throw validation({ mentor_id: [MENTORING_MESSAGES.notYourself] });
  const profile = await findMentorProfile(db, fields.mentor_id);
  const role = profile?.isMentor === true ? await repository.roleOfActiveMember(db, fields.mentor_id) : null;
  const found = profile?.isMentor === true && role !== null && (await canSeePerson(db, mentee, fields.mentor_id));
  if (!found) throw notFound(MENTORING_MESSAGES.mentorNotFound);
  // A card outlives a role an admin lowered: only alumni and admins take mentees.
  const mayMentor = canOnMentoring({ id: fields.mentor_id, role }, 'be-mentor');
  if (!mayMentor || !profile.accepting || profile.activeCount >= profile.capacity) throw mentorUnavailable();
  const id = await repository.insertMentorship(db, {
    mentorId: fields.mentor_id,
    menteeId: mentee.id,
    topic: fields.topic,
    message: fields.message,
  });
  if (id === null) throw conflict(MENTORING_MESSAGES.alreadyAsked, 'already_requested');
  const mentorship = await presentOne(db, mentee, id);
  await notifyOther(ctx, mentee, mentorship, 'mentoring_requested');
  return mentorship;
}

/** The mentorship, checked for the action: 404 to people outside it, 403 to the side that may not. */
async function authorize(db: Executor, user: AuthUser, id: number, action: MentoringAction): Promise<repository.MentorshipState> {
  const state = await repository.findMentorshipState(db, id);
  if (!state || !canOnMentoring(user, 'read', state)) throw mentorshipNotFound();
  if (!canOnMentoring(user, action, state)) throw forbidden(MENTORING_MESSAGES.notYours, 'forbidden');
  return state;
}

/**
 * The mentor accepts a pending request, in one unit of work: under the lock of the mentor's card,
 * capacity is re-checked (409 mentor_full) and the mentee counted, so concurrent accepts never
 * exceed it; the pair's conversation is opened (or reused) and the request's topic and message
 * become its first message, from the mentee, so both lists show it at once with its other person.
 * The message's events and the mentee's notification go out once it committed.
 */
export async function acceptMentorship(ctx: AppContext, user: AuthUser, id: number): Promise<Mentorship> {
  const state = await authorize(ctx.db, user, id, 'accept');
  if (state.status !== 'pending' || state.menteeId === null) throw invalidTransition();
  const menteeId = state.menteeId;
  return ctx.transaction(async (work) => {
    const { tx } = work;
    const profile = await lockMentorProfile(tx, user.id);
    if (!profile || profile.activeCount >= profile.capacity) throw new AppError(409, 'mentor_full', MENTORING_MESSAGES.full);
    const conversationId = await openConversationBetween(tx, user.id, menteeId);
    const moved = await repository.moveMentorship(tx, id, 'pending', 'active', { conversationId });
    if (!moved) throw invalidTransition();
    await addToActiveCount(tx, user.id, 1);
    const mentorship = await presentOne(tx, user, id);
    await carryRequestIntoConversation(work, mentorship, conversationId);
    await notifyOther(work, user, mentorship, 'mentoring_accepted');
    return mentorship;
  });
}

/** The mentor declines a pending request, optionally saying why. */
export async function declineMentorship(ctx: AppContext, user: AuthUser, id: number, reason: string | undefined): Promise<Mentorship> {
  await authorize(ctx.db, user, id, 'decline');
  const moved = await repository.moveMentorship(ctx.db, id, 'pending', 'declined', { declineReason: reason ? reason : null });
  if (!moved) throw invalidTransition();
  const mentorship = await presentOne(ctx.db, user, id);
  await notifyOther(ctx, user, mentorship, 'mentoring_declined');
  return mentorship;
}

/** The mentee withdraws a pending request. */
export async function cancelMentorship(ctx: AppContext, user: AuthUser, id: number): Promise<Mentorship> {
  await authorize(ctx.db, user, id, 'cancel');
  const moved = await repository.moveMentorship(ctx.db, id, 'pending', 'cancelled');
  if (!moved) throw invalidTransition();
  const mentorship = await presentOne(ctx.db, user, id);
  await notifyOther(ctx, user, mentorship, 'mentoring_cancelled');
  return mentorship;
}

/** Either person ends an active mentorship; the mentor's place frees up in the same transaction. */
export async function completeMentorship(ctx: AppContext, user: AuthUser, id: number): Promise<Mentorship> {
  await authorize(ctx.db, user, id, 'complete');
  await ctx.db.transaction(async (tx) => {
    const moved = await repository.moveMentorship(tx, id, 'active', 'completed');
    if (!moved) throw invalidTransition();
    if (moved.mentorId !== null) await addToActiveCount(tx, moved.mentorId, -1);
  });
  const mentorship = await presentOne(ctx.db, user, id);
  await notifyOther(ctx, user, mentorship, 'mentoring_completed');
  return mentorship;
}

/** Tells the other person of the mentorship about the caller's step (now, or with the unit of work's commit). */
async function notifyOther(scope: Scope, actor: AuthUser, mentorship: Mentorship, type: MentoringNotificationType): Promise<void> {
  const self = mentorship.mentor?.id === actor.id ? mentorship.mentor : mentorship.mentee;
  const other = mentorship.mentor?.id === actor.id ? mentorship.mentee : mentorship.mentor;
  if (!self || !other) return;
  const actorRow = await findUserSummary(workScopeOf(scope).db, self.id);
  if (!actorRow) return;
  await notify(
    scope,
    mentoringNotice({
      type,
      recipientId: other.id,
      actor: actorRow,
      topic: mentorship.topic,
      conversationId: mentorship.conversation_id,
      reason: type === 'mentoring_declined' ? mentorship.decline_reason : null,
    }),
  );
}

/**
 * Ends a person's mentorships (account deletion): pending ones are cancelled, active ones
 * completed and their mentors' places freed; their own card stops listing them. Answers how
 * many it ended. Runs in the caller's transaction when given one.
 */
export async function endMentorshipsOf(db: Database | Executor, userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const open = await repository.openMentorshipsOf(tx, userId);
    for (const mentorship of open) {
      const to: MentorshipStatus = mentorship.status === 'active' ? 'completed' : 'cancelled';
      const moved = await repository.moveMentorship(tx, mentorship.id, mentorship.status as MentorshipStatus, to);
      if (moved && mentorship.status === 'active' && mentorship.mentorId !== null) await addToActiveCount(tx, mentorship.mentorId, -1);
    }
    await stopMentoring(tx, userId);
    return open.length;
  });
}
