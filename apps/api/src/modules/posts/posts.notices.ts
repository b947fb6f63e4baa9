import type { Notice } from '../notifications/notify.service';
import type { UserSummaryRow } from '../users/users.presenter';
import type { DeliverySqlRow } from '../notifications/index';

/** The sentences of the posts' notifications, from the actor's display name (the demo seed writes them too). */
export const postNoticeText = {
  liked: (actorName: string) => `${actorName} liked your post.`,
  commented: (actorName: string) => `${actorName} commented on your post.`,
};

/** What a like or comment statement read for its notification: the post's author, the actor and the author's delivery. */
export type PostNoticeEvent = { postId: number; authorId: number; actor: UserSummaryRow; delivery: DeliverySqlRow | null };

/** Someone liked a post: its author is told, not again while the first is unread. */
export function postLikedNotice(event: PostNoticeEvent): Notice {
  return {
    recipientId: event.authorId,
    type: 'post_liked',
    actor: event.actor,
    text: postNoticeText.liked,
    link: '/user',
    postId: event.postId,
    delivery: event.delivery,
    onceWhileUnread: true,
  };
}

/** Someone commented on a post: its author is told. */
export function postCommentedNotice(event: PostNoticeEvent): Notice {
  return {
    recipientId: event.authorId,
    type: 'post_commented',
    actor: event.actor,
    text: postNoticeText.commented,
    link: '/user',
    postId: event.postId,
    delivery: event.delivery,
  };
}
