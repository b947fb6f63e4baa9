import type { JobDeclaration } from '../scheduler/job-list';

/** How often the delivery job looks for due messages (it also runs right after `mailer.trigger()`). */
export const MAIL_DELIVERY_INTERVAL_MS = 5_000;

/** Sends the outbox's due messages (each claimed with a lease, so one instance sends it). */
export const mailDeliveryJob: JobDeclaration = {
  name: 'mail-delivery',
  every: MAIL_DELIVERY_INTERVAL_MS,
  enabled: () => true,
  run: ({ mailer }) => mailer.deliverPending(),
};
