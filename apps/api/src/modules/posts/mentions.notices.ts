/**
 * The sentences of mention notifications, from the writer's display name as the recipient may
 * see it (the one file to move when notifications become one notify()).
 */
export const mentionNotices = {
  post: (writerName: string) => `${writerName} mentioned you in a post.`,
  comment: (writerName: string) => `${writerName} mentioned you in a comment.`,
};
