import type { LeavePart } from '../../lib/leave';
import { releaseLikesAndCommentsOf } from './posts.repository';

/** Posts: the person's posts, likes and comments go; the posts they liked or commented on count them no more. */
export const postsLeave: LeavePart = {
  name: 'posts',
  tables: [
    { table: 'posts', column: 'user_id', rule: 'cascade', why: "their posts go, with the others' likes and comments on them" },
    {
      table: 'posts',
      column: 'deleted_by',
      rule: 'kept',
      why: 'a post they removed as a moderator stays removed; the audit log keeps who did it',
    },
    { table: 'post_likes', column: 'user_id', rule: 'removed', why: "their likes go and come off the posts' counters" },
    { table: 'comments', column: 'user_id', rule: 'removed', why: "their comments go and come off the posts' counters" },
    {
      table: 'post_mentions',
      column: 'user_id',
      rule: 'cascade',
      why: 'the record that a post named them goes (the text stays its author’s)',
    },
    {
      table: 'comment_mentions',
      column: 'user_id',
      rule: 'cascade',
      why: 'the record that a comment named them goes (the text stays its author’s)',
    },
  ],
  async run(tx, _leave, person) {
    await releaseLikesAndCommentsOf(tx, person.id);
  },
};
