import {
  REFERRAL_MESSAGES,
  type CreateReferralFields,
  type PageQuery,
  type Referral,
  type ReferralPage,
  type ReferralStatus,
  type User,
} from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { forbidden, notFound } from '../../lib/errors';
import { decodeCursor, toPage } from '../../lib/pagination';
import { getOwnUser } from '../users/users.service';
import { canOnReferral } from './referrals.policy';
import { presentReferral } from './referrals.presenter';
import { closeWaitingRequestsOf } from './referral-request-endings.repository';
import { recordSystemEnd, withNotifications } from './referral-requests.service';
import type { ReferralSearch, ReferralSqlRow } from './referral-offers.sql';
import * as repository from './referrals.repository';

const referralNotFound = () => notFound(REFERRAL_MESSAGES.notFound);

type ListFilter = Pick<ReferralSearch, 'status' | 'alumniId'>;
type Viewer = ReferralSearch['viewer'];

async function pageOfReferrals(db: Executor, viewer: Viewer, query: PageQuery, filter: ListFilter): Promise<ReferralPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await repository.findReferrals(db, { ...filter, viewer, before, take: query.limit + 1 });
  return pageOf(rows, query.limit);
}

/** A page of offers (rows carry the viewer's latest request on each) and its cursor. */
function pageOf(rows: ReferralSqlRow[], limit: number): ReferralPage {
  const { items, next } = toPage(rows, limit, (row) => ({ at: new Date(row.created_at), id: row.id }));
  return { results: items.map(presentReferral), next };
}

/**
 * The person's latest request on each of these offers (any status), by offer id: the "Asked"
 * state of other lists of offers (a job's alumni at its company).
 */
export function latestRequestsOf(
  db: Executor,
  requesterId: number,
  referralIds: number[],
): Promise<Map<number, { id: number; status: string }>> {
  return repository.findLatestRequestsOf(db, requesterId, referralIds);
}

/** The signed-in person, as the referral page reads them. */
export function getReferralUser(ctx: AppContext, user: AuthUser): Promise<User> {
  return getOwnUser(ctx, user.id);
}

/** Open referrals, newest first, for every signed-in person. */
export async function listOpenReferrals(ctx: AppContext, viewer: AuthUser, query: PageQuery): Promise<ReferralPage> {
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  return pageOf(await ctx.repositories.referrals.openOffers({ viewer, before, take: query.limit + 1 }), query.limit);
}

/** The caller's own referrals, open and closed. */
export function listOwnReferrals(ctx: AppContext, user: AuthUser, query: PageQuery): Promise<ReferralPage> {
  return pageOfReferrals(ctx.db, user, query, { alumniId: user.id });
}

/** Admin list: every referral, or those of one status (the route requires AD). */
export function listAllReferrals(ctx: AppContext, viewer: AuthUser, query: PageQuery & { status?: ReferralStatus }): Promise<ReferralPage> {
  return pageOfReferrals(ctx.db, viewer, query, { status: query.status });
}

/** 403 unless the person is an alumnus. */
export function assertCanCreateReferral(user: AuthUser): void {
  if (!canOnReferral(user, 'create')) throw forbidden(REFERRAL_MESSAGES.onlyAlumni, 'forbidden');
}

async function presentOne(db: Executor, viewer: AuthUser, referralId: number): Promise<Referral> {
  const row = await repository.findReferral(db, viewer, referralId);
  if (!row) throw referralNotFound();
  return presentReferral(row);
}

/** An alumnus offers a referral. */
export async function createReferral(ctx: AppContext, user: AuthUser, fields: CreateReferralFields): Promise<Referral> {
  assertCanCreateReferral(user);
  const referralId = await repository.insertReferral(ctx.db, { alumniId: user.id, ...fields });
  return presentOne(ctx.db, user, referralId);
}

/**
 * Closes (author or admin) or reopens (author) a referral; doing it twice changes nothing. An
 * admin closing someone else's referral is written to the audit log in the same transaction.
 * Closing turns the offer's `requested` requests `closed` (their requesters are told).
 */
export async function setReferralStatus(ctx: AppContext, user: AuthUser, referralId: number, status: ReferralStatus): Promise<Referral> {
  await withNotifications(ctx, async (tx, notices) => {
    const referral = await repository.lockReferral(tx, referralId);
    if (!referral) throw referralNotFound();
    if (!canOnReferral(user, status === 'closed' ? 'close' : 'reopen', referral)) throw forbidden(REFERRAL_MESSAGES.notYours, 'forbidden');
    if (referral.status === status) return;
    await repository.setReferralStatus(tx, referralId, status);
    if (status === 'closed') {
      const now = new Date();
      const ended = await closeWaitingRequestsOf(tx, referralId, now);
      await recordSystemEnd(tx, ended, 'closed', new Map([[referralId, referral]]), notices, now);
    }
    if (referral.alumniId !== user.id) {
      await repository.insertReferralAudit(tx, {
        actorId: user.id,
        actorLabel: user.email,
        action: 'referral.close',
        targetId: referral.id,
        targetLabel: `${referral.role} at ${referral.company}`,
      });
    }
  });
  return presentOne(ctx.db, user, referralId);
}
