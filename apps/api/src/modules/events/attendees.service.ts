import { Readable } from 'node:stream';
import { EVENT_MESSAGES, type EventAttendee, type EventAttendeePage } from '@alumlink/contract';
import { stringify } from 'csv-stringify';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../lib/auth';
import { conflict, forbidden, notFound, validation } from '../../lib/errors';
import { presentUserSummary } from '../users/users.presenter';
import * as repository from './attendees.repository';
import type { AttendeeCursor, AttendeeRow } from './attendees.repository';
import { eventNotFound } from './event-errors';
import { canManageEvent } from './events.policy';
import { findRegistration, type RegistrationStatus } from './registration.repository';

/** The event, when the caller runs it (host or admin); 404 for no such event, 403 for anyone else. */
async function assertRunsEvent(db: Executor, user: AuthUser, eventId: number): Promise<{ title: string }> {
  const event = await repository.findEventHost(db, eventId);
  if (!event) throw eventNotFound();
  if (!canManageEvent(user, event)) throw forbidden();
  return event;
}

function encodeAttendeeCursor(cursor: AttendeeCursor): string {
  return Buffer.from(`${cursor.status}|${cursor.arrival}`, 'utf8').toString('base64url');
}

function decodeAttendeeCursor(cursor: string): AttendeeCursor {
  const match = /^(registered|waitlisted)\|(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) throw validation({ cursor: ['Invalid cursor.'] });
  return { status: match[1] as RegistrationStatus, arrival: Number(match[2]) };
}

function presentAttendee(row: AttendeeRow): EventAttendee {
  return {
    user: presentUserSummary(row.user),
    status: row.status,
    guests: row.guests,
    waitlist_position: row.status === 'waitlisted' ? row.waitlistPosition : null,
    registered_at: row.createdAt.toISOString(),
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
  };
}

export type ListAttendeesInput = { status?: RegistrationStatus; q?: string; cursor?: string; limit: number };

/** Host, admin: registered people (arrival order), then the waitlist; `q` searches names and e-mails. */
export async function listAttendees(
  ctx: AppContext,
  user: AuthUser,
  eventId: number,
  input: ListAttendeesInput,
): Promise<EventAttendeePage> {
  await assertRunsEvent(ctx.db, user, eventId);
  const rows = await repository.findAttendees(ctx.db, {
    eventId,
    viewer: user,
    ...(input.status ? { status: input.status } : {}),
    ...(input.q?.trim() ? { text: input.q.trim() } : {}),
    ...(input.cursor ? { after: decodeAttendeeCursor(input.cursor) } : {}),
    take: input.limit + 1,
  });
  const items = rows.slice(0, input.limit);
  const last = items.at(-1);
  const next = rows.length > input.limit && last ? encodeAttendeeCursor({ status: last.status, arrival: last.arrival }) : null;
  return { results: items.map(presentAttendee), next };
}

/**
 * A spreadsheet cell that starts with = + - @ (or a tab or carriage return) would run as a
 * formula in Excel or LibreOffice (CSV injection): such values get a leading apostrophe.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CSV_COLUMNS = ['first_name', 'last_name', 'email', 'status', 'guests', 'waitlist_position', 'registered_at', 'checked_in_at'];
const CSV_BATCH = 500;

/** Every attendee, read in keyset batches so a large event is never held in memory at once. */
async function* attendeeRecords(db: Executor, user: AuthUser, eventId: number): AsyncGenerator<string[]> {
  let after: AttendeeCursor | undefined;
  for (;;) {
    const rows = await repository.findAttendees(db, { eventId, viewer: user, ...(after ? { after } : {}), take: CSV_BATCH });
    for (const row of rows) {
      yield [
        row.user.firstName,
        row.user.lastName,
        row.user.email,
        row.status,
        String(row.guests),
        row.waitlistPosition === null ? '' : String(row.waitlistPosition),
        row.createdAt.toISOString(),
        row.checkedInAt?.toISOString() ?? '',
      ];
    }
    const last = rows.at(-1);
    if (rows.length < CSV_BATCH || !last) return;
    after = { status: last.status, arrival: last.arrival };
  }
}

/** Host, admin: the attendee list as CSV (RFC 4180, a header row), streamed; and a file name for it. */
export async function attendeesCsv(ctx: AppContext, user: AuthUser, eventId: number): Promise<{ stream: Readable; fileName: string }> {
  await assertRunsEvent(ctx.db, user, eventId);
  const csv = stringify({ header: true, columns: CSV_COLUMNS, record_delimiter: 'windows', cast: { string: neutraliseFormula } });
  const stream = Readable.from(attendeeRecords(ctx.db, user, eventId)).pipe(csv);
  return { stream, fileName: `event-${eventId}-attendees.csv` };
}

/**
 * Host, admin: checks a registered person in (again: keeps the first time). 404 when they are not
 * on the list, 409 when they only wait for a place.
 */
export async function checkInAttendee(ctx: AppContext, user: AuthUser, eventId: number, userId: number): Promise<EventAttendee> {
  await assertRunsEvent(ctx.db, user, eventId);
  const done = await repository.checkIn(ctx.db, eventId, userId, new Date());
  if (!done) {
    const registration = await findRegistration(ctx.db, eventId, userId);
    if (!registration) throw notFound(EVENT_MESSAGES.notRegistered, 'not_registered');
    throw conflict(EVENT_MESSAGES.notRegistered, 'waitlisted');
  }
  const [row] = await repository.findAttendees(ctx.db, { eventId, viewer: user, userId, take: 1 });
  if (!row) throw notFound(EVENT_MESSAGES.notRegistered, 'not_registered');
  return presentAttendee(row);
}
