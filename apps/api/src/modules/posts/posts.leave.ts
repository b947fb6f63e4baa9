import { cascade, kept, removed, type LeavePart } from '../../lib/leave';
import { releaseLikesAndCommentsOf } from './posts.repository';

/** Posts: the person's posts, likes and comments go; the posts they liked or commented on count them no more. */
export const postsLeave: LeavePart = {
  name: 'posts',
  tables: [
    cascade('posts.user_id', "their posts go, with the others' likes and comments on them"),
    kept('posts.deleted_by', 'a post they removed as a moderator stays removed; the audit log keeps who did it'),
    removed('post_likes.user_id', "their likes go and come off the posts' counters"),
    removed('comments.user_id', "their comments go and come off the posts' counters"),
    cascade('post_mentions.user_id', 'the record that a post named them goes (the text stays its author’s)'),
    cascade('comment_mentions.user_id', 'the record that a comment named them goes (the text stays its author’s)'),
  ],
  async run(tx, _leave, person) {
    await releaseLikesAndCommentsOf(tx, person.id);
  },
};
