import type { NotificationType } from '@alumlink/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { prepareRawStatement } from '../../db/prepared';
import { deliveryOfTypeSql, type DeliverySqlRow } from '../notifications/index';
import { userSummarySqlColumns, type UserSummarySqlRow } from '../users/index';
import { postReadableSql } from './posts.policy';

/** Placeholders of the like and comment statements, typed for PostgreSQL. */
const input = {
  postId: sql`${sql.placeholder('postId')}::integer`,
  userId: sql`${sql.placeholder('userId')}::integer`,
  seesEveryone: sql`${sql.placeholder('seesEveryone')}::boolean`,
  text: sql`${sql.placeholder('text')}::text`,
  at: sql`${sql.placeholder('at')}::timestamptz`,
};

/**
 * "The acting person may read the post" (postReadableSql) inside a write statement on `posts`:
 * the route's 404 for hidden posts (requireVisiblePost) without a round trip of its own.
 */
const postVisibleToActor = postReadableSql(sql.placeholder('userId'), input.seesEveryone, {
  userId: sql`posts.user_id`,
  communityId: sql`posts.community_id`,
});

/**
 * Inside the like and comment statements: how the post's author receives a notification of this
 * type caused by the acting person (deliverySql), read in the same round trip.
 */
function authorDeliverySql(type: NotificationType): SQL {
  return deliveryOfTypeSql(sql`post.user_id`, type, input.userId);
}

/**
 * A whole like toggle in one statement (one round trip, one implicit transaction) on a live post
 * whose author the person may see: the like is removed when present, else added; likes_count
 * moves by the rows actually removed or added. It answers what it did, the new count, the post's
 * author, the actor's summary, the author's delivery (for the notification) and whether an unread
 * notification of this person's like of this post already tells the author
 * (notifications_unread_post_idx); no row when the post is missing or deleted.
 *
 * Simultaneous toggles by one person on one post queue on the like row (the delete waits for
 * a removal in progress, the insert for an addition in progress), so they act one after the
 * other: a toggle that finds the row removed meanwhile adds it again. Only one case does
 * nothing: the like row was added by a toggle that committed after this statement began (not
 * visible to it, so not removed; there, so not added). toggleLike then runs the statement again,
 * which sees that row and removes it.
 */
const likeToggleStatement = sql`
  with post as (
    select id, user_id from posts where id = ${input.postId} and deleted_at is null and ${postVisibleToActor}
  ),
  removed as (
    delete from post_likes where post_id = (select id from post) and user_id = ${input.userId}
    returning post_id
  ),
  added as (
    insert into post_likes (post_id, user_id)
    select id, ${input.userId} from post where not exists (select from removed)
    on conflict do nothing
    returning post_id
  ),
  counted as (
    update posts set likes_count = likes_count + (select count(*) from added) - (select count(*) from removed)
    where id = (select id from post) and (exists (select from added) or exists (select from removed))
    returning likes_count
  )
  select post.user_id as author_id, exists (select from added) as added, exists (select from removed) as removed,
    (select likes_count from counted) as likes_count,
    exists (select from added) and exists (
      select from notifications n
      where n.user_id = post.user_id and n.post_id = post.id and n.actor_id = ${input.userId}
        and n.type = 'post_liked' and n.read_at is null
    ) as author_notified,
    ${userSummarySqlColumns}, delivery.*
  from post cross join users u
    left join lateral (${authorDeliverySql('post_liked')}) delivery on true
  where u.id = ${input.userId}`;

type LikeToggleRow = UserSummarySqlRow &
  DeliverySqlRow & { author_id: number; added: boolean; removed: boolean; likes_count: number | null; author_notified: boolean };

/**
 * A comment on a live post whose author the person may see and its count, in one statement: counting first locks the post row,
 * so a comment never lands on a post deleted meanwhile (the update re-checks deleted_at and the
 * insert then has no row to add). Answers the comment, the post's author, the commenter's
 * summary and the author's delivery (for the notification); no row when the post is missing or deleted.
 */
const commentStatement = sql`
  with post as (
    update posts set comments_count = comments_count + 1
    where id = ${input.postId} and deleted_at is null and ${postVisibleToActor}
    returning id, user_id
  ),
  comment as (
    insert into comments (post_id, user_id, text, created_at)
    select id, ${input.userId}, ${input.text}, ${input.at} from post
    returning id
  )
  select comment.id, post.user_id as author_id, ${userSummarySqlColumns}, delivery.*
  from comment cross join post cross join users u
    left join lateral (${authorDeliverySql('post_commented')}) delivery on true
  where u.id = ${input.userId}`;

type CommentStatementRow = UserSummarySqlRow & DeliverySqlRow & { id: number; author_id: number };

export const prepareWriteStatements = (db: Database) => ({
  likeToggle: prepareRawStatement<LikeToggleRow>(db, 'posts_like_toggle', likeToggleStatement),
  comment: prepareRawStatement<CommentStatementRow>(db, 'posts_comment', commentStatement),
});

/** The SQL of the like toggle and comment statements (tests EXPLAIN them). */
export const postWriteStatements = { likeToggle: likeToggleStatement, comment: commentStatement };
