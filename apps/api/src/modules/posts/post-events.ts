/** What happened when a post was (soft-)deleted, for listeners such as the realtime hub. */
export type PostDeletedEvent = {
  postId: number;
  authorId: number;
  deletedBy: number;
  /** Null when the author deleted it; a moderation reason otherwise. */
  reason: string | null;
};

export type PostDeletedListener = (event: PostDeletedEvent) => void | Promise<void>;

const listeners = new Set<PostDeletedListener>();

/**
 * Subscribes to post deletions (author or moderator); returns the unsubscribe function.
 * Listeners run after the deletion committed; their failures never affect the request.
 */
export function onPostDeleted(listener: PostDeletedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener; a throwing listener is reported to `reportError` and the others still run. */
export function emitPostDeleted(event: PostDeletedEvent, reportError: (error: unknown) => void): void {
  for (const listener of listeners) {
    try {
      Promise.resolve(listener(event)).catch(reportError);
    } catch (error) {
      reportError(error);
    }
  }
}
