import {
  REFERRAL_REQUEST_MESSAGES,
  canMoveReferralRequest,
  idSchema,
  type AskReferralFields,
  type MoveReferralFields,
  type PageQuery,
  type ReferralRequestDetail,
  type ReferralRequestPage,
  type ReferralRequestStatus,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { actorNameOf, notify, type Notice } from '../notifications/notify.service';
import { referralRequestedNotice, referralStatusNotice, referralWithdrawnNotice } from './referrals.notices';
import { canOnReferralRequest } from './referral-requests.policy';
import { presentBoard, presentReferralRequest, presentReferralRequestDetail } from './referral-requests.presenter';
import * as repository from './referral-requests.repository';
import type { EndedRequest } from './referral-request-endings.repository';
import { lockReferral } from './referrals.repository';
import { findUserSummary } from '../users/users.service';

const requestNotFound = () => notFound(REFERRAL_REQUEST_MESSAGES.notFound);
const invalidTransition = () => conflict(REFERRAL_REQUEST_MESSAGES.invalidTransition, 'invalid_transition');

/**
 * Runs `change` in a unit of work; the notices it collects are delivered in the same transaction
 * (announced and e-mailed once it committed).
 */
export async function withNotifications<T>(ctx: AppContext, change: (tx: Executor, notices: Notice[]) => Promise<T>): Promise<T> {
  return ctx.transaction(async (work) => {
    const notices: Notice[] = [];
    const result = await change(work.tx, notices);
    for (const notice of notices) await notify(work, notice);
    return result;
  });
}

async function detailOf(db: Executor, viewer: AuthUser, requestId: number): Promise<ReferralRequestDetail> {
  const [row] = await repository.findReferralRequests(db, { viewer, requestId, take: 1 });
  if (!row) throw requestNotFound();
  return presentReferralRequestDetail(row, await repository.findReferralRequestEvents(db, viewer, requestId));
}

/**
 * Asks for a referral on an open offer (not one's own). The offer row is locked, so an ask and
 * the offer's closing never cross; the partial unique index keeps one active request per person
 * and offer even if two asks race (409 `already_requested`).
 */
export async function askForReferral(
  ctx: AppContext,
  user: AuthUser,
  referralId: number,
  fields: AskReferralFields,
): Promise<ReferralRequestDetail> {
  let requestId: number;
  try {
    requestId = await withNotifications(ctx, async (tx, notices) => {
      const offer = await lockReferral(tx, referralId);
      if (!offer) throw notFound('Referral not found.');
      if (!canOnReferralRequest(user, 'ask', { ownerId: offer.alumniId })) throw forbidden(REFERRAL_REQUEST_MESSAGES.ownOffer, 'forbidden');
      if (offer.status !== 'open') throw conflict(REFERRAL_REQUEST_MESSAGES.offerClosed, 'referral_closed');
      const id = await repository.insertReferralRequest(tx, {
        referralId,
        requesterId: user.id,
        message: fields.message,
        resumeUrl: fields.resume_url ?? null,
      });
      await repository.insertReferralRequestEvents(tx, [{ requestId: id, status: 'requested', note: null, actorId: user.id }]);
      const actor = await findUserSummary(tx, user.id);
      notices.push(referralRequestedNotice(offer.alumniId, actor, actor ? actorNameOf(actor) : 'Someone', offer));
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(REFERRAL_REQUEST_MESSAGES.alreadyActive, 'already_requested');
    throw error;
  }
  return detailOf(ctx.db, user, requestId);
}

/**
 * An offer's requests, newest first (its owner and admins): the offer and its page in one
 * statement; 404 when there is no such offer, 403 for anyone else (who is read no request).
 */
export async function listRequestsOfReferral(
  ctx: AppContext,
  user: AuthUser,
  referralId: number,
  query: PageQuery,
): Promise<ReferralRequestPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const board = presentBoard(await ctx.repositories.referrals.board(referralId, { viewer: user, before, take: query.limit + 1 }));
  if (!board) throw notFound('Referral not found.');
  if (!canOnReferralRequest(user, 'list', { ownerId: board.ownerId }))
    throw forbidden('Only the alumnus who offered this referral can see its requests.', 'forbidden');
  const { items, next } = toPage(board.requests, query.limit, (request) => ({
    at: new Date(request.created_at),
    id: request.id,
  }));
  return { results: items, next };
}

/** The caller's own requests, newest first. */
export function listOwnRequests(ctx: AppContext, user: AuthUser, query: PageQuery): Promise<ReferralRequestPage> {
  return pageOf(ctx, user, query, 'requester', user.id);
}

/** The requests on all of the caller's offers, newest first (the "All offers" board); alumni only. */
export function listReceivedRequests(ctx: AppContext, user: AuthUser, query: PageQuery): Promise<ReferralRequestPage> {
  if (!canOnReferralRequest(user, 'listReceived', { ownerId: user.id }))
    throw forbidden(REFERRAL_REQUEST_MESSAGES.onlyAlumniReceive, 'forbidden');
  return pageOf(ctx, user, query, 'owner', user.id);
}

async function pageOf(
  ctx: AppContext,
  viewer: AuthUser,
  query: PageQuery,
  by: 'requester' | 'owner',
  id: number,
): Promise<ReferralRequestPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await ctx.repositories.referrals.requests(by, id, { viewer, before, take: query.limit + 1 });
  const { items, next } = toPage(rows, query.limit, (row) => ({ at: new Date(row.created_at), id: row.id }));
  return { results: items.map(presentReferralRequest), next };
}

/** One request with its history: the requester, the offer's owner and admins; 404 for anyone else. */
export async function getReferralRequest(ctx: AppContext, user: AuthUser, requestId: number): Promise<ReferralRequestDetail> {
  const [row] = await repository.findReferralRequests(ctx.db, { viewer: user, requestId, take: 1 });
  if (!row || !canOnReferralRequest(user, 'view', { ownerId: row.owner_id, requesterId: row.requester_user_id })) throw requestNotFound();
  return presentReferralRequestDetail(row, await repository.findReferralRequestEvents(ctx.db, user, requestId));
}

/**
 * Before the body is read (route preValidation): 404 for people who may not see the request, 403
 * for those who may see it but not move it, so a stranger learns nothing from field errors. The
 * move itself checks again under the row lock.
 */
export async function assertCanMoveReferralRequest(ctx: AppContext, user: AuthUser, rawId: unknown): Promise<void> {
  const parsed = idSchema.safeParse(rawId);
  if (!parsed.success) return;
  const request = await repository.lockReferralRequest(ctx.db, parsed.data);
  if (!request) throw requestNotFound();
  const subject = { ownerId: request.ownerId, requesterId: request.requesterId };
  if (canOnReferralRequest(user, 'move', subject)) return;
  if (!canOnReferralRequest(user, 'view', subject)) throw requestNotFound();
  throw forbidden(REFERRAL_REQUEST_MESSAGES.notOwner, 'forbidden');
}

/** Locks the request and refuses people who may not see it (404) or may see it but not act (403). */
async function lockFor(tx: Executor, user: AuthUser, requestId: number, action: 'move' | 'withdraw', refusal: string) {
  const request = await repository.lockReferralRequest(tx, requestId);
  if (!request) throw requestNotFound();
  const subject = { ownerId: request.ownerId, requesterId: request.requesterId };
  if (!canOnReferralRequest(user, action, subject)) {
    if (!canOnReferralRequest(user, 'view', subject)) throw requestNotFound();
    throw forbidden(refusal, 'forbidden');
  }
  return request;
}

/**
 * The owner moves a request along (DESIGN 8.2 transitions; anything else 409 `invalid_transition`).
 * The row is locked: of two moves at once, the second sees the first's status and, having
 * become an invalid move, gets 409.
 */
export async function moveReferralRequest(
  ctx: AppContext,
  user: AuthUser,
  requestId: number,
  fields: MoveReferralFields,
): Promise<ReferralRequestDetail> {
  await withNotifications(ctx, async (tx, notices) => {
    const request = await lockFor(tx, user, requestId, 'move', REFERRAL_REQUEST_MESSAGES.notOwner);
    if (!canMoveReferralRequest(request.status as ReferralRequestStatus, fields.status)) throw invalidTransition();
    const note = fields.note?.trim() || null;
    await repository.setReferralRequestStatus(tx, requestId, fields.status, new Date());
    await repository.insertReferralRequestEvents(tx, [{ requestId, status: fields.status, note, actorId: user.id }]);
    notices.push(referralStatusNotice(request.requesterId, await findUserSummary(tx, user.id), request, fields.status, note));
  });
  return detailOf(ctx.db, user, requestId);
}

/** The requester withdraws a request while it is `requested` (409 `invalid_transition` after); the owner is told. */
export async function withdrawReferralRequest(ctx: AppContext, user: AuthUser, requestId: number): Promise<ReferralRequestDetail> {
  await withNotifications(ctx, async (tx, notices) => {
    const request = await lockFor(tx, user, requestId, 'withdraw', REFERRAL_REQUEST_MESSAGES.notRequester);
    if (request.status !== 'requested') throw invalidTransition();
    await repository.setReferralRequestStatus(tx, requestId, 'withdrawn', new Date());
    await repository.insertReferralRequestEvents(tx, [{ requestId, status: 'withdrawn', note: null, actorId: user.id }]);
    const actor = await findUserSummary(tx, user.id);
    notices.push(referralWithdrawnNotice(request.ownerId, actor, actor ? actorNameOf(actor) : 'Someone', request));
  });
  return detailOf(ctx.db, user, requestId);
}

/**
 * Ends the given requests (expired or closed by the system) in the history and tells each
 * requester. For the offer-closing and expiry paths, inside their transaction.
 */
export async function recordSystemEnd(
  tx: Executor,
  ended: EndedRequest[],
  status: 'expired' | 'closed',
  offers: Map<number, { role: string; company: string }>,
  notices: Notice[],
  now: Date,
): Promise<void> {
  await repository.insertReferralRequestEvents(
    tx,
    ended.map((request) => ({ requestId: request.id, status, note: null, actorId: null, createdAt: now })),
  );
  for (const request of ended) {
    const offer = offers.get(request.referralId);
    if (!offer) continue;
    notices.push(referralStatusNotice(request.requesterId, null, offer, status));
  }
}
