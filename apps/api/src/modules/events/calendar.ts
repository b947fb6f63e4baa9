import ical, { ICalCalendarMethod } from 'ical-generator';
import type { AppContext } from '../../app-context';
import type { AuthUser } from '../../lib/auth';
import { eventNotFound } from './event-errors';
import { findEvents } from './events.repository';

/** Events made without an end time: calendars show them this long. */
const ASSUMED_DURATION_MS = 2 * 60 * 60 * 1000;

export type CalendarSite = { publicUrl: string; siteName: string };

/**
 * The event as an iCalendar file (RFC 5545; ical-generator writes CRLF lines, folds them at 75
 * octets and escapes text). The UID depends only on the event and the site, so importing the
 * file again updates the calendar entry instead of adding a second one. Public like the event.
 */
export async function eventCalendar(
  ctx: Pick<AppContext, 'db'> & { config: CalendarSite },
  eventId: number,
  reader: Pick<AuthUser, 'id' | 'role'> | null = null,
): Promise<{ ics: string; fileName: string }> {
  const site = ctx.config;
  const [event] = await findEvents(ctx.db, { viewerId: null, reader, eventId, take: 1 });
  if (!event) throw eventNotFound();
  const host = new URL(site.publicUrl).hostname;
  const calendar = ical({
    prodId: { company: site.siteName, product: 'events', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: site.siteName,
  });
  calendar.createEvent({
    id: `event-${event.id}@${host}`,
    start: event.startsAt,
    end: event.endsAt ?? new Date(event.startsAt.getTime() + ASSUMED_DURATION_MS),
    ...(event.venue ? { location: event.venue } : {}),
    stamp: event.createdAt,
    summary: event.title,
    description: [event.host ? `Hosted by ${event.host}` : '', event.description].filter(Boolean).join('\n\n'),
    ...(event.category ? { categories: [{ name: event.category }] } : {}),
    url: `${site.publicUrl}/user/events/${event.id}`,
  });
  return { ics: calendar.toString(), fileName: `event-${event.id}.ics` };
}
