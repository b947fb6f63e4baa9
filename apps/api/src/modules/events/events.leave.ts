import { cascade, kept, removed, type LeavePart } from '../../lib/leave';
import { releasePlacesOfLeavingPerson, tellPromotedAfterLeave } from './registration.service';

/**
 * Events: the person's places and waitlist spots are released as their cancellations would be (the
 * waitlist moves up in order; the promoted are told after the commit); their discussion messages go.
 */
export const eventsLeave: LeavePart = {
  name: 'events',
  tables: [
    removed(
      'event_registrations.user_id',
      'their places and waitlist spots are released one event at a time, counters kept exact, the waitlist promoted',
    ),
    cascade('event_messages.user_id', 'their own messages in event discussions go with them'),
    kept('events.created_by', 'an event they created stays for its attendees (its host is a text)'),
  ],
  async run(tx, leave, person) {
    const promotions = await releasePlacesOfLeavingPerson(tx, person.id);
    if (promotions.length > 0) return () => tellPromotedAfterLeave(leave.app, promotions);
  },
};
