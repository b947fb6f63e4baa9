import { kept, type LeavePart } from '../../lib/leave';
import { notify, type Notice } from '../notifications/notify.service';
import * as requests from './referral-requests.repository';
import { closeActiveRequestsOnOffersOf, withdrawAndClearRequestsOf } from './referral-request-endings.repository';
import { recordSystemEnd } from './referral-requests.service';
import { referralWithdrawnNotice } from './referrals.notices';
import { closeOpenReferralsOf } from './referrals.repository';

/**
 * Referrals (DESIGN 8.2): nobody loses a request because someone else left.
 * - An alumnus's offers close and stay (owner null, "Deleted user"); requests still moving on them
 *   become `closed`, in their history, and each requester is told. Hires and other endings stay,
 *   so the outcomes still count them.
 * - A requester's moving requests become `withdrawn` (in the history; the offer's owner is told
 *   without a name), and every request of theirs loses its message and CV link; the requests stay
 *   for the owners' boards and the outcomes, the requester null.
 */
export const referralsLeave: LeavePart = {
  name: 'referrals',
  tables: [
    kept('referrals.alumni_id', 'their offers close and stay for the requests made on them, owner null'),
    kept(
      'referral_requests.requester_id',
      'their requests are withdrawn and stay, message and CV link cleared, for the owners and the outcomes',
    ),
    kept('referral_request_events.actor_id', "the history stays whole for the other person, the leaver's moves by null"),
  ],
  async run(tx, leave, person) {
    const { now } = leave;
    const notices: Notice[] = [];
    const offerIds = await closeOpenReferralsOf(tx, person.id);
    const closed = await closeActiveRequestsOnOffersOf(tx, person.id, now);
    const withdrawn = await withdrawAndClearRequestsOf(tx, person.id, now);
    const titles = await requests.findOfferTitles(tx, [
      ...offerIds,
      ...closed.map((r) => r.referralId),
      ...withdrawn.map((r) => r.referralId),
    ]);
    await recordSystemEnd(tx, closed, 'closed', titles, notices, now);
    await requests.insertReferralRequestEvents(
      tx,
      withdrawn.map((request) => ({ requestId: request.id, status: 'withdrawn' as const, note: null, actorId: null, createdAt: now })),
    );
    const owners = await requests.findOfferOwners(
      tx,
      withdrawn.map((request) => request.referralId),
    );
    for (const request of withdrawn) {
      const offer = titles.get(request.referralId);
      if (!offer) continue;
      notices.push(referralWithdrawnNotice(owners.get(request.referralId) ?? null, null, null, offer));
    }
    for (const notice of notices) await notify(leave.work, notice);
  },
};
