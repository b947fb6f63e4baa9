import type { AdminStats, AdminUser, AuditLogEntry, Comment, Job, Post, Referral, UserSummary } from '@alumlink/contract';

let nextId = 5000;

export function page<T>(results: T[], next: string | null = null) {
  return { results, next };
}

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

export function buildPost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? nextId++;
  return {
    id,
    user: buildSummary(),
    caption: `Caption of post ${id}`,
    image: null,
    created_at: '2025-06-01T10:00:00.000Z',
    likes_count: 0,
    comments_count: 0,
    is_liked: false,
    has_liked: false,
    ...overrides,
  };
}

export function buildComment(postId: number, overrides: Partial<Comment> = {}): Comment {
  const id = overrides.id ?? nextId++;
  return { id, post_id: postId, text: `Comment ${id}`, created_at: '2025-06-01T10:00:00.000Z', user: buildSummary(), ...overrides };
}

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = overrides.id ?? nextId++;
  return {
    id,
    username: `person${id}`,
    email: `person${id}@example.com`,
    first_name: 'Linus',
    last_name: 'Torvalds',
    role: 'TR',
    is_staff: false,
    is_active: true,
    date_joined: '2025-01-01T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    image: null,
    ...overrides,
  };
}

export function buildStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    users: { total: 1240, AD: 2, TR: 520, IN: 370, AL: 348 },
    posts: 900,
    referrals: { done: 120, pending: 45 },
    activity: Array.from({ length: 30 }, (_, index) => ({
      day: `2025-06-${String(index + 1).padStart(2, '0')}`,
      signups: index % 4,
      posts: index % 3,
    })),
    ...overrides,
  };
}

export function buildReferral(overrides: Partial<Referral> = {}): Referral {
  const id = overrides.id ?? nextId++;
  return {
    id,
    company: 'Acme',
    role: 'Frontend Engineer',
    ctc: 12.5,
    location: 'Pune',
    requirements: 'React, TypeScript',
    status: 'open',
    created_at: '2025-06-01T10:00:00.000Z',
    alumni: { ...buildSummary({ first_name: 'Priya', last_name: 'Sharma' }), company: 'Acme' },
    ...overrides,
  };
}

export function buildJob(overrides: Partial<Job> = {}): Job {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Job ${id}`,
    company: 'Globex',
    location: 'Remote',
    salary: '10 LPA',
    type: 'Full-Time',
    description: '',
    apply_url: 'https://jobs.example.com/1',
    status: 'open',
    created_at: '2025-06-01T10:00:00.000Z',
    posted_by: buildSummary(),
    can_edit: true,
    ...overrides,
  };
}

export function buildAuditEntry(overrides: Partial<AuditLogEntry> = {}): AuditLogEntry {
  const id = overrides.id ?? nextId++;
  return {
    id,
    action: 'post.delete',
    actor: { id: 1, label: 'admin@example.com' },
    target: { type: 'post', id: 7, label: 'Post 7' },
    reason: 'Scam or fraud',
    details: {},
    created_at: '2025-06-01T10:00:00.000Z',
    ...overrides,
  };
}
