import { schedulerPlugin } from '../scheduler/scheduler-plugin';

/** The mail delivery loop as a scheduler plugin (nothing to start with delivery 'manual'). */
export const mailDeliveryScheduler = schedulerPlugin('mail-delivery-scheduler', ({ mailer }) => mailer.delivery);
