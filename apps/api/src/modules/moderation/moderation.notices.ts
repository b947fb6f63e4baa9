import type { Notice } from '../notifications/index';

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
