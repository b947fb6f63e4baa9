/** Query keys of the moderation domain (the author's side: their moderated posts). */
export const moderationKeys = {
  all: ['moderation'] as const,
  case: (postId: number) => [...moderationKeys.all, 'case', postId] as const,
};
