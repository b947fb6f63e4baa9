import type { Notice } from '../notifications/notify.service';

/** A moderator decided an appeal: the author gets the decision and the written reply. */
export function appealDecidedNotice(event: { postId: number; authorId: number; decision: 'upheld' | 'restored'; reply: string }): Notice {
  const outcome =
    event.decision === 'restored'
      ? 'Your appeal was accepted and your post is restored.'
      : 'Your appeal was reviewed and your post stays removed.';
  return {
    recipientId: event.authorId,
    type: 'appeal_decided',
    actor: null,
    text: `${outcome} Moderator's reply: ${event.reply}`,
    link: `/user/moderation/${event.postId}`,
    postId: event.postId,
    reason: event.decision,
  };
}

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
