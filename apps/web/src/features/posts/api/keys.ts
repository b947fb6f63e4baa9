/** Query keys of the posts domain. Everything under `postKeys.all` holds posts or their comments. */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  feed: () => [...postKeys.lists(), 'feed'] as const,
  /** One person's posts; `null` is the signed-in person's own list. */
  byUser: (userId: number | null) => [...postKeys.lists(), 'user', userId] as const,
  /** The posts carrying one hashtag (lower-cased). */
  byTag: (tag: string) => [...postKeys.lists(), 'tag', tag] as const,
  comments: (postId: number) => [...postKeys.all, 'comments', postId] as const,
};
