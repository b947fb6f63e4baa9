import type { LeavePart } from '../../lib/leave';
import { releasePlacesOfLeavingPerson, tellPromotedAfterLeave } from './registration.service';

/**
 * Events: the person's places and waitlist spots are released as their cancellations would be (the
 * waitlist moves up in order; the promoted are told after the commit); their discussion messages go.
 */
export const eventsLeave: LeavePart = {
  name: 'events',
  tables: [
    {
      table: 'event_registrations',
      column: 'user_id',
      rule: 'removed',
      why: 'their places and waitlist spots are released one event at a time, counters kept exact, the waitlist promoted',
    },
    { table: 'event_messages', column: 'user_id', rule: 'cascade', why: 'their own messages in event discussions go with them' },
    { table: 'events', column: 'created_by', rule: 'kept', why: 'an event they created stays for its attendees (its host is a text)' },
  ],
  async run(tx, leave, person) {
    const promotions = await releasePlacesOfLeavingPerson(tx, person.id);
    if (promotions.length > 0) return () => tellPromotedAfterLeave(leave.app, promotions);
  },
};
