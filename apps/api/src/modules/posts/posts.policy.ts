import type { AuthUser } from '../../lib/auth';

export type PostAction = 'delete';

/** Who may do what to a post through the posts routes (moderators use the admin routes). */
export function canOnPost(user: AuthUser, action: PostAction, post: { userId: number }): boolean {
  switch (action) {
    case 'delete':
      return post.userId === user.id;
  }
}
