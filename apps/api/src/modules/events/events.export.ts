import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { eventMessages, eventRegistrations, events } from '../../db/schema/index';
import { EXPORT_PAGE_SIZE, exportedMediaPath, iso, keyset, ownRows, type ExportSection } from '../../lib/data-export/section';

/** events.json: the events the person created, and what they wrote in events' discussions. */
export const eventsExport: ExportSection = {
  file: 'events.json',
  tables: ['events.created_by', 'event_messages.user_id'],
  kind: 'list',
  collect: async function* (db, personId) {
    for await (const row of ownRows(db, events, events.createdBy, 'id', personId)) {
      yield {
        kind: 'created',
        event_id: row.id,
        title: row.title,
        starts_at: iso(row.startsAt),
        host: row.host,
        category: row.category,
        description: row.description,
        image: exportedMediaPath(row.image),
        capacity: row.capacity,
        created_at: iso(row.createdAt),
      };
    }
    for await (const row of ownRows(db, eventMessages, eventMessages.userId, 'id', personId)) {
      yield { kind: 'discussion_message', event_id: row.eventId, id: row.id, text: row.text, created_at: iso(row.createdAt) };
    }
  },
  media: async function* (db, personId) {
    const rows = keyset(
      (after) =>
        db
          .select({ id: events.id, image: events.image })
          .from(events)
          .where(and(eq(events.createdBy, personId), isNotNull(events.image), gt(events.id, after)))
          .orderBy(asc(events.id))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.id,
    );
    for await (const row of rows) if (row.image) yield row.image;
  },
};

/** event-registrations.json: every event the person registered for: registered or waitlisted, guests, check-in. */
export const eventRegistrationsExport: ExportSection = {
  file: 'event-registrations.json',
  tables: ['event_registrations.user_id'],
  kind: 'list',
  collect: async function* (db, personId) {
    const rows = keyset(
      (after) =>
        db
          .select({ registration: eventRegistrations, title: events.title, startsAt: events.startsAt, host: events.host })
          .from(eventRegistrations)
          .innerJoin(events, eq(events.id, eventRegistrations.eventId))
          .where(and(eq(eventRegistrations.userId, personId), gt(eventRegistrations.eventId, after)))
          .orderBy(asc(eventRegistrations.eventId))
          .limit(EXPORT_PAGE_SIZE),
      (row) => row.registration.eventId,
    );
    for await (const { registration, title, startsAt, host } of rows) {
      yield {
        event_id: registration.eventId,
        title,
        starts_at: iso(startsAt),
        host,
        status: registration.status,
        guests: registration.guests,
        registered_at: iso(registration.createdAt),
        checked_in_at: iso(registration.checkedInAt),
      };
    }
  },
};
