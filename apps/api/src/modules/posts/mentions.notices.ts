import type { Notice } from '../notifications/notify.service';
import type { UserSummaryRow } from '../users/users.presenter';

/** The sentences of mention notifications, from the writer's display name as the recipient may see it. */
export const mentionNoticeText = {
  post: (writerName: string) => `${writerName} mentioned you in a post.`,
  comment: (writerName: string) => `${writerName} mentioned you in a comment.`,
};

/** Someone named a person with @username in a post or a comment they may read: that person is told. */
export function mentionedNotice(event: { recipientId: number; actor: UserSummaryRow; postId: number; inComment: boolean }): Notice {
  return {
    recipientId: event.recipientId,
    type: 'mention',
    actor: event.actor,
    text: event.inComment ? mentionNoticeText.comment : mentionNoticeText.post,
    link: '/user',
    postId: event.postId,
  };
}
