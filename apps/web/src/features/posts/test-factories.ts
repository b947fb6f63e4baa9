import type { Comment, Post, PostPage, User, UserSummary } from '@alumlink/contract';

let nextId = 1000;

export function buildSummary(overrides: Partial<UserSummary> = {}): UserSummary {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `member${id}`,
    email: `member${id}@example.com`,
    first_name: 'Grace',
    last_name: 'Hopper',
    handle: null,
    role: 'AL',
    image: null,
    profile: { profile_image: null },
    ...overrides,
  };
}

export function summaryOf(user: User): UserSummary {
  const { id, username, email, first_name, last_name, handle, role, image, profile } = user;
  return { id, username, email, first_name, last_name, handle, role, image, profile };
}

export function buildPost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextId++;
  return {
    id,
    user: buildSummary(),
    caption: `Caption of post ${id}`,
    image: `/media/posts/${id}.webp`,
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    likes_count: 0,
    comments_count: 0,
    is_liked: false,
    has_liked: false,
    ...overrides,
  };
}

export function buildComment(postId: number, overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextId++;
  return { id, post_id: postId, text: `Comment ${id}`, created_at: new Date().toISOString(), user: buildSummary(), ...overrides };
}

export function page<T>(results: T[], next: string | null = null): { results: T[]; next: string | null } {
  return { results, next };
}

export type { PostPage };
