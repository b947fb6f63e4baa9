import type { Event } from '@alumlink/contract';
import type { EventRow } from '../../db/schema/index';
import { mediaUrl } from '../../lib/media';

export function presentEvent(row: EventRow, registered: boolean): Event {
  return {
    id: row.id,
    title: row.title,
    date: row.startsAt.toISOString(),
    host: row.host,
    category: row.category,
    image: mediaUrl(row.image),
    description: row.description,
    registrations_count: row.registrationsCount,
    registered,
  };
}
