// The notification pipeline (decision record 036): every module tells people through notify, with
// its own notices (sentence and link) in <module>.notices.ts.
export { actorNameOf, notify, type Notice } from './notify';
// What other modules' statements may embed: a notification's delivery, read by the write that
// causes the notification (the like, comment and send statements) instead of a round trip of its own.
export { deliveryOfTypeSql, type DeliverySqlRow } from './preferences.repository';
