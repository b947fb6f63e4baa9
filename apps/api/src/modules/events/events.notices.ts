import type { Notice } from '../notifications/notify.service';

/** A place opened up and the waitlisted person now holds it. */
export function eventPromotedNotice(event: { userId: number; eventId: number; title: string }): Notice {
  return {
    recipientId: event.userId,
    type: 'event_promoted',
    actor: null,
    text: `A place opened up: you are now registered for ${event.title}.`,
    link: '/user/events',
  };
}
