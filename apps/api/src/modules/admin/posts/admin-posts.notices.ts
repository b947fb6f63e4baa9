import type { Notice } from '../../notifications/index';

/** A moderator removed a post: its author is told why. */
export function postRemovedNotice(event: { postId: number; authorId: number; reason: string }): Notice {
  return {
    recipientId: event.authorId,
    type: 'post_removed',
    actor: null,
    text: `Your post was removed by a moderator. Reason: ${event.reason}.`,
    link: `/user/moderation/${event.postId}`,
    postId: event.postId,
    reason: event.reason,
  };
}
