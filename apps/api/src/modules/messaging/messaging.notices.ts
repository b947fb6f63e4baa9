import type { Notice } from '../notifications/notify.service';
import type { DeliverySqlRow } from '../notifications/index';
import type { UserSummaryRow } from '../users/users.presenter';

/** The sentence of a new message's notification (the demo seed writes it too). */
export const messageNoticeText = (actorName: string) => `${actorName} sent you a message.`;

/**
 * A new message: the recipient is told as they chose for messages. The sender's summary, the
 * recipient's delivery and their unread messages before this one come with the send (one
 * statement); in-app off, an earlier unread message already e-mailed them (decision record 015).
 */
export function newMessageNotice(event: {
  recipientId: number;
  sender: UserSummaryRow;
  conversationId: number;
  delivery: DeliverySqlRow | null;
  unreadBefore: number;
}): Notice {
  return {
    recipientId: event.recipientId,
    type: 'message',
    actor: event.sender,
    text: messageNoticeText,
    link: `/user/messages?conversation=${event.conversationId}`,
    conversationId: event.conversationId,
    delivery: event.delivery,
    emailedBefore: event.unreadBefore > 0,
  };
}
