import type { Executor } from '../../db/client';
import {
  referralRequestEvents,
  referralRequests,
  referrals,
  type ReferralRequestEventRow,
  type ReferralRequestRow,
  type ReferralRow,
} from '../../db/schema/index';
import { inserted, nextUnique } from './support';

export type CreateReferralOptions = Partial<typeof referrals.$inferInsert> & Pick<typeof referrals.$inferInsert, 'alumniId'>;

/** Inserts an open referral offer at a unique company. */
export async function createReferral(db: Executor, options: CreateReferralOptions): Promise<ReferralRow> {
  const unique = nextUnique();
  const rows = await db
    .insert(referrals)
    .values({ company: `Company ${unique}`, role: 'Engineer', ctc: '10.0', location: 'Remote', requirements: 'Curiosity', ...options })
    .returning();
  return inserted(rows, 'createReferral');
}

export type CreateReferralRequestOptions = Partial<typeof referralRequests.$inferInsert> &
  Pick<typeof referralRequests.$inferInsert, 'referralId' | 'requesterId'>;

/** Inserts a request on an offer (default: requested), without its history (createReferralRequestEvent). */
export async function createReferralRequest(db: Executor, options: CreateReferralRequestOptions): Promise<ReferralRequestRow> {
  const rows = await db
    .insert(referralRequests)
    .values({ message: `Please refer me ${nextUnique()}`, ...options })
    .returning();
  return inserted(rows, 'createReferralRequest');
}

export type CreateReferralRequestEventOptions = Partial<typeof referralRequestEvents.$inferInsert> &
  Pick<typeof referralRequestEvents.$inferInsert, 'requestId' | 'status'>;

/** Inserts one step of a request's history. */
export async function createReferralRequestEvent(
  db: Executor,
  options: CreateReferralRequestEventOptions,
): Promise<ReferralRequestEventRow> {
  const rows = await db.insert(referralRequestEvents).values(options).returning();
  return inserted(rows, 'createReferralRequestEvent');
}
