import type { EventRegistrationResult } from '@alumlink/contract';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { forbidden } from '../../lib/errors';
import { notify } from '../notifications/notify.service';
import { eventPromotedNotice } from './events.notices';
import { canOnEvents } from './events.policy';
import * as repository from './registration.repository';
import { eventExists } from './events.repository';
import type { EventPlaces, RegistrationRow, RegistrationStatus } from './registration.repository';
import { eventNotFound } from './event-errors';

/** Places still free, or null for unlimited (never below 0 after a capacity cut). */
export function spotsLeft(places: Pick<EventPlaces, 'capacity' | 'seatsTaken'>): number | null {
  return places.capacity === null ? null : Math.max(0, places.capacity - places.seatsTaken);
}

/**
 * Moves the first waitlisted people onto the list while their party (1 + guests) fits, strictly in
 * arrival order: the head of the line is never skipped for a smaller party behind it. The caller
 * holds the event's row lock and saves the counters. Answers the people promoted.
 */
export async function promoteWaitlisted(tx: Executor, places: EventPlaces): Promise<number[]> {
  if (places.waitlistCount === 0) return [];
  const free = spotsLeft(places);
  if (free === 0) return [];
  // Each party takes at least one place, so no more than `free` people can move up.
  const head = await repository.waitlistHead(tx, places.id, free ?? places.waitlistCount);
  const promoted: number[] = [];
  for (const person of head) {
    const party = 1 + person.guests;
    if (places.capacity !== null && places.seatsTaken + party > places.capacity) break;
    promoted.push(person.userId);
    places.seatsTaken += party;
    places.registrationsCount += 1;
    places.waitlistCount -= 1;
  }
  await repository.markRegistered(tx, places.id, promoted);
  return promoted;
}

/** The answer after the change committed (the waitlist position is read outside the event's lock). */
async function resultOf(
  db: Executor,
  places: EventPlaces,
  registration: Pick<RegistrationRow, 'status' | 'arrival'> | null,
): Promise<EventRegistrationResult> {
  const status = registration?.status ?? null;
  return {
    registered: status === 'registered',
    status,
    waitlist_position:
      registration?.status === 'waitlisted' ? await repository.waitlistPosition(db, places.id, registration.arrival) : null,
    registrations_count: places.registrationsCount,
    waitlist_count: places.waitlistCount,
    spots_left: spotsLeft(places),
  };
}

/**
 * Registers the caller with `guests`, or puts them on the waitlist when their party does not fit
 * or others already wait (first come, first served). Decided under the event's row lock, so
 * simultaneous requests never overfill it. Idempotent: registering again keeps the place and
 * the guests (cancel first to change them).
 */
export async function register(ctx: AppContext, user: AuthUser, eventId: number, guests: number): Promise<EventRegistrationResult> {
  if (!canOnEvents(user, 'register')) throw forbidden();
  // An event of a members-only space answers 404 to others, as everywhere (eventReadableSql).
  if (!(await eventExists(ctx.db, eventId, user))) throw eventNotFound();
  // Four statements hold the lock (lock, look-up, insert, counters): simultaneous registrations for
  // one event wait for each other, so the lock is held as briefly as it can be.
  const { places, registration } = await ctx.db.transaction(async (tx) => {
    const locked = await repository.lockEventPlaces(tx, eventId);
    if (!locked) throw eventNotFound();
    const existing = await repository.findRegistration(tx, eventId, user.id);
    if (existing) return { places: locked, registration: existing };
    const party = 1 + guests;
    const fits = locked.capacity === null || (locked.waitlistCount === 0 && locked.seatsTaken + party <= locked.capacity);
    const status: RegistrationStatus = fits ? 'registered' : 'waitlisted';
    const arrival = await repository.insertRegistration(tx, { eventId, userId: user.id, status, guests });
    if (fits) {
      locked.registrationsCount += 1;
      locked.seatsTaken += party;
    } else {
      locked.waitlistCount += 1;
    }
    await repository.saveEventCounters(tx, locked);
    return { places: locked, registration: { status, arrival } };
  });
  return resultOf(ctx.db, places, registration);
}

/** Tells the promoted people at once (in-app and live); after the change committed. */
async function tellPromoted(ctx: AppContext, eventId: number, title: string, userIds: number[]): Promise<void> {
  for (const userId of userIds) await notify(ctx, eventPromotedNotice({ userId, eventId, title }));
}

/**
 * Cancels the caller's registration or waitlist place (idempotent); a freed place goes to the
 * first waitlisted people, who are told at once.
 */
export async function cancel(ctx: AppContext, user: AuthUser, eventId: number): Promise<EventRegistrationResult> {
  if (!canOnEvents(user, 'register')) throw forbidden();
  const { result, promoted, title } = await ctx.db.transaction(async (tx) => {
    const places = await repository.lockEventPlaces(tx, eventId);
    if (!places) throw eventNotFound();
    const promotedIds = await releasePlace(tx, places, user.id);
    return { result: await resultOf(tx, places, null), promoted: promotedIds, title: places.title };
  });
  await tellPromoted(ctx, eventId, title, promoted);
  return result;
}

/**
 * Takes the person off the event whose row the caller locked (`places`): their place (with their
 * guests') or their waitlist spot is freed, the first waitlisted people who now fit move up, and
 * the counters are saved. Answers the people promoted (tell them after the commit). Nothing
 * changes when the person was not registered.
 */
async function releasePlace(tx: Executor, places: EventPlaces, userId: number): Promise<number[]> {
  const removed = await repository.deleteRegistration(tx, places.id, userId);
  if (!removed) return [];
  if (removed.status === 'registered') {
    places.registrationsCount -= 1;
    places.seatsTaken -= 1 + removed.guests;
  } else {
    places.waitlistCount -= 1;
  }
  const promoted = await promoteWaitlisted(tx, places);
  await repository.saveEventCounters(tx, places);
  return promoted;
}

/**
 * A person leaves (events.leave.ts), in the leave's transaction: every registration and waitlist
 * spot of theirs is released as a cancellation would, one event at a time in id order (each under
 * its row lock, as registrations are). Answers who to tell, for after the commit.
 */
export async function releasePlacesOfLeavingPerson(
  tx: Executor,
  personId: number,
): Promise<{ eventId: number; title: string; promoted: number[] }[]> {
  const promotions: { eventId: number; title: string; promoted: number[] }[] = [];
  for (const eventId of await repository.eventIdsOfRegistrationsOf(tx, personId)) {
    const places = await repository.lockEventPlaces(tx, eventId);
    if (!places) continue;
    const promoted = await releasePlace(tx, places, personId);
    if (promoted.length > 0) promotions.push({ eventId, title: places.title, promoted });
  }
  return promotions;
}

/** Tells the people a leave promoted, once it committed. */
export async function tellPromotedAfterLeave(
  ctx: AppContext,
  promotions: { eventId: number; title: string; promoted: number[] }[],
): Promise<void> {
  for (const { eventId, title, promoted } of promotions) await tellPromoted(ctx, eventId, title, promoted);
}

/**
 * After a capacity change (the caller's transaction holds nothing): promotes whoever now fits and
 * tells them. A smaller capacity removes nobody.
 */
export async function applyCapacityChange(ctx: AppContext, eventId: number): Promise<void> {
  const { promoted, title } = await ctx.db.transaction(async (tx) => {
    const places = await repository.lockEventPlaces(tx, eventId);
    if (!places) return { promoted: [], title: '' };
    const promotedIds = await promoteWaitlisted(tx, places);
    if (promotedIds.length > 0) await repository.saveEventCounters(tx, places);
    return { promoted: promotedIds, title: places.title };
  });
  await tellPromoted(ctx, eventId, title, promoted);
}
