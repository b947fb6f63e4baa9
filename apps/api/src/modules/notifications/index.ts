// What other modules' statements may embed: a notification's delivery, read by the write that
// causes the notification (the like, comment and send statements) instead of a round trip of its own.
// Telling someone goes through notify (notify.service.ts, decision record 036), not through here:
// the repositories that embed this SQL are built with the app context that notify uses.
export { deliveryOfTypeSql, type DeliverySqlRow } from './preferences.repository';
