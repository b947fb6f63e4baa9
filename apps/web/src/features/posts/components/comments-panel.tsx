import { CommentThread } from './comment-thread';

/** A post's comments under its card in the feed. */
export function CommentsPanel({ postId }: { postId: number }) {
  return (
    <div className="space-y-3 border-t border-border px-4 pt-3 pb-4 sm:px-5">
      <CommentThread postId={postId} />
    </div>
  );
}
