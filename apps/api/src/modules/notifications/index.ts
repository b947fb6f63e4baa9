// What other modules' statements may embed: a notification's delivery, read by the write that
// causes the notification (the like, comment and send statements) instead of a round trip of its own.
export { deliveryOfTypeSql, type DeliverySqlRow } from './preferences.repository';
