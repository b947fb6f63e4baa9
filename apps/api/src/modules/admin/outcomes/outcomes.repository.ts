import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { referralRequestEvents, referralRequests, referrals, users } from '../../../db/schema/index';

const requesters = alias(users, 'requester');
const owners = alias(users, 'owner');

/**
 * Requests made in [from, to) by people of one cohort (each bound optional). People who left are
 * joined from the left: their requests, and those on their offers, still count (no cohort then).
 */
export type OutcomesFilter = { from?: Date; to?: Date; cohortYear?: number };

function conditionsOf(filter: OutcomesFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(gte(referralRequests.createdAt, filter.from));
  if (filter.to) conditions.push(lt(referralRequests.createdAt, filter.to));
  if (filter.cohortYear !== undefined) conditions.push(eq(requesters.cohortYear, filter.cohortYear));
  return and(...conditions);
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
const reachedInterviewing = sql`exists (select 1 from ${referralRequestEvents} where ${referralRequestEvents.requestId} = ${referralRequests.id} and ${referralRequestEvents.status} = 'interviewing')`;

/**
 * The funnel and the status counts in one pass over the period's requests (referral_requests_created_idx):
 * a request reached `referred` when it has a referred_at, `interviewing` when its history holds it.
 */
export async function countOutcomes(db: Executor, filter: OutcomesFilter) {
  const [row] = await db
    .select({
      requested: sql<number>`count(*)::int`,
      referred: countWhere(sql`${referralRequests.referredAt} is not null`),
      interviewing: countWhere(reachedInterviewing),
      hired: countWhere(sql`${referralRequests.status} = 'hired'`),
      not_selected: countWhere(sql`${referralRequests.status} = 'not_selected'`),
      declined: countWhere(sql`${referralRequests.status} = 'declined'`),
      withdrawn: countWhere(sql`${referralRequests.status} = 'withdrawn'`),
      expired: countWhere(sql`${referralRequests.status} = 'expired'`),
      closed: countWhere(sql`${referralRequests.status} = 'closed'`),
      medianDays: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${referralRequests.referredAt} - ${referralRequests.createdAt}) / 86400) filter (where ${referralRequests.referredAt} is not null)`,
    })
    .from(referralRequests)
    .leftJoin(requesters, eq(requesters.id, referralRequests.requesterId))
    .where(conditionsOf(filter));
  if (!row) throw new Error('countOutcomes: no row');
  return row;
}

/** Hires by the offer's company, most first (top 20). */
export function hiresByCompany(db: Executor, filter: OutcomesFilter) {
  return db
    .select({ company: referrals.company, count: sql<number>`count(*)::int` })
    .from(referralRequests)
    .innerJoin(referrals, eq(referrals.id, referralRequests.referralId))
    .leftJoin(requesters, eq(requesters.id, referralRequests.requesterId))
    .where(and(conditionsOf(filter), eq(referralRequests.status, 'hired')))
    .groupBy(referrals.company)
    .orderBy(sql`count(*) desc`, referrals.company)
    .limit(20);
}

/** Requests and hires by the requester's cohort, newest cohort first (no cohort last). */
export function byCohort(db: Executor, filter: OutcomesFilter) {
  return db
    .select({
      cohortYear: requesters.cohortYear,
      requested: sql<number>`count(*)::int`,
      hired: countWhere(sql`${referralRequests.status} = 'hired'`),
    })
    .from(referralRequests)
    .leftJoin(requesters, eq(requesters.id, referralRequests.requesterId))
    .where(conditionsOf(filter))
    .groupBy(requesters.cohortYear)
    .orderBy(sql`${requesters.cohortYear} desc nulls last`);
}

/** Every request of the filter, oldest first, for the CSV (streamed in pages of `take` after `afterId`). */
export function requestRows(db: Executor, filter: OutcomesFilter, after: { at: Date; id: number } | null, take: number) {
  const page = after
    ? sql`(${referralRequests.createdAt}, ${referralRequests.id}) > (${after.at.toISOString()}::timestamptz, ${after.id})`
    : undefined;
  return db
    .select({
      id: referralRequests.id,
      createdAt: referralRequests.createdAt,
      status: referralRequests.status,
      company: referrals.company,
      role: referrals.role,
      ownerEmail: owners.email,
      requesterEmail: requesters.email,
      cohortYear: requesters.cohortYear,
      referredAt: referralRequests.referredAt,
      updatedAt: referralRequests.updatedAt,
    })
    .from(referralRequests)
    .innerJoin(referrals, eq(referrals.id, referralRequests.referralId))
    .leftJoin(owners, eq(owners.id, referrals.alumniId))
    .leftJoin(requesters, eq(requesters.id, referralRequests.requesterId))
    .where(and(conditionsOf(filter), page))
    .orderBy(referralRequests.createdAt, referralRequests.id)
    .limit(take);
}
